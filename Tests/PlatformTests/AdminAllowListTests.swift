import AppServer
import Auth
import Foundation
import PlatformCore
import Testing

/// `ADMIN_ALLOWLIST_USER_IDS`, the platform's admin allow-list: parsed once, refused when invalid.
@Suite("Admin allow-list")
struct AdminAllowListTests {
    @Test("the setting lists user ids in any letter case with blanks skipped; unset allows nobody")
    func parsing() throws {
        let first = UUID(), second = UUID()
        let loaded = try ServerConfiguration.load(environment: ["ADMIN_ALLOWLIST_USER_IDS": " \(first.uuidString), ,\(second.uuidString.lowercased()) "])
        #expect(loaded.adminAllowList == AdminAllowList([UserID(first), UserID(second)]))
        #expect(loaded.adminAllowList.allows(UserID(first)) && !loaded.adminAllowList.allows(UserID()))
        #expect(try ServerConfiguration.load(environment: [:]).adminAllowList.users.isEmpty)
    }

    @Test("an entry that is not a user id stops the server with a ConfigurationInvalid naming the key and the entry")
    func invalid() throws {
        for bad in ["1,2", "\(UUID().uuidString),admin", "{\(UUID().uuidString)}"] {
            let error = #expect(throws: ConfigurationInvalid.self) { try ServerConfiguration.load(environment: ["ADMIN_ALLOWLIST_USER_IDS": bad]) }
            #expect(error?.description.contains("ADMIN_ALLOWLIST_USER_IDS") == true, "\(bad)")
        }
    }
}
