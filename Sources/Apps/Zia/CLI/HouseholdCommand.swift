import ArgumentParser
import CLISupport
import Foundation
import ZiaClient

/// `zia household show|edit`: the signed-in user's household profile.
struct HouseholdCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "household", abstract: "Your household: adults, kids, allergies, cuisines, bedtime.", subcommands: [Show.self, Edit.self],
        defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show your household profile.")
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let household = try await api.send(ZiaRoutes.household, try owner(options))
                try options.show(household) { HouseholdText.describe($0) }
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change your household profile: from a JSON file (its keys replace yours), or with flags for the common fields.",
            discussion: "The server checks the result; what it rejects is listed by field (exit status 5).")
        @Option(help: "A JSON object with any of the profile's keys (adults, kids, allergies, cuisines, bedtime_preferences, …).") var file: String?
        @Option(help: "Allergies, comma-separated (\"\" clears them).") var allergies: String?
        @Option(help: "Cuisines you like, comma-separated (\"\" clears them).") var cuisines: String?
        @Option(help: "A kid as NAME:AGE[:restriction,…]; repeat for each (replaces the kids; a kid already listed keeps its restrictions unless given, NAME:AGE: clears them).")
        var kid: [String] = []
        @Flag(help: "Remove every kid.") var noKids = false
        @Option(help: "An adult as NAME[:ROLE[:AGE]]; repeat for each (replaces the adults).") var adult: [String] = []
        @Option(help: "Bedtime, HH:MM.") var bedtime: String?
        @Option(help: "Wake time, HH:MM.") var wakeTime: String?
        @Option(help: "Wind-down minutes before bed.") var windDown: Int?
        @Flag(inversion: .prefixedNo, help: "Mark onboarding as completed (or not).") var onboardingCompleted: Bool?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let me = try owner(options)
                // Saved under the version read (`If-Match`); when someone saved meanwhile, read again and apply again.
                for attempt in 1...3 {
                    let current = try await api.client.response(ZiaRoutes.household, me, body: nil)
                    let profile = try edited(try api.client.decode(current, of: ZiaRoutes.household).profile)
                    let headers = current.header(PreconditionHeaders.eTag).map { [PreconditionHeaders.ifMatch: $0] } ?? [:]
                    do {
                        let saved = try await api.send(ZiaRoutes.upsertHousehold, body: profile, headers: headers)
                        let before = try api.client.decode(current, of: ZiaRoutes.household).profile
                        try options.show(saved) { "Household saved.\n" + HouseholdText.describe($0) }
                        // Replacing a list is what --allergies and --kid do; what they dropped is said, never silent.
                        for line in HouseholdText.dropped(from: before, to: saved.profile) { StatusLine().say(line) }
                        return
                    } catch ClientError.conflict(412, _, _) where attempt < 3 {
                        continue
                    }
                }
            }
        }

        /// `profile` with this command's options applied.
        func edited(_ stored: HouseholdProfile) throws -> HouseholdProfile {
            var profile = stored
            if let file { profile = try HouseholdText.merge(profile, file: URL(fileURLWithPath: file)) }
            if let allergies { profile.allergies = HouseholdText.list(allergies) }
            if let cuisines { profile.cuisines = HouseholdText.list(cuisines) }
            if noKids { profile.kids = [] }
            if !kid.isEmpty { profile.kids = try kid.map { try HouseholdText.kid($0, keeping: stored.kids) } }
            if !adult.isEmpty { profile.adults = try adult.map(HouseholdText.adult) }
            if let bedtime { profile.bedtimePreferences.bedtime = bedtime }
            if let wakeTime { profile.bedtimePreferences.wakeTime = wakeTime }
            if let windDown { profile.bedtimePreferences.windDownMinutes = windDown }
            if let onboardingCompleted { profile.onboardingCompleted = onboardingCompleted }
            return profile
        }
    }
}

/// The signed-in user as the household routes name them.
func owner(_ options: SessionOptions) throws -> HouseholdOwner {
    let stored = try options.signedIn().stored
    guard let user = UserID(stored.userId) else { throw CLIError.notSignedIn(CLI.self) }
    return HouseholdOwner(user)
}
