import Foundation
import Hummingbird
import PlatformCore

/// `/{app}/api/v1/users/...`: device tokens, notification preferences, data export and account
/// deletion — the same for every app, with the app's own data plugged into the export.
public struct AccountController: Sendable {
    let accounts: AccountRepository
    let app: AppID
    let exporter: any AppDataExporter
    let clock: any TimeSource
    let onPreferencesChanged: @Sendable (UserID) async -> Void
    let willDeleteAccount: @Sendable (UserID) async throws -> Void
    let didDeleteAccount: @Sendable (UserID) async -> Void
    let reauthentication: AccountReauthentication

    /// - Parameters:
    ///   - reauthentication: what `DELETE /users/me` accepts as proof of a fresh sign-in.
    ///   - onPreferencesChanged: runs after the preferences are saved (e.g. to move reminders to a
    ///     new time zone); it cannot fail the request.
    ///   - willDeleteAccount: runs before the account's rows are deleted; if it throws, nothing is
    ///     deleted and the request fails.
    ///   - didDeleteAccount: runs after the account's rows are deleted, before the answer (e.g. to
    ///     remove the stored files of those rows); it cannot fail the request.
    public init(
        accounts: AccountRepository, app: AppID, exporter: any AppDataExporter, clock: any TimeSource, reauthentication: AccountReauthentication,
        onPreferencesChanged: @escaping @Sendable (UserID) async -> Void = { _ in },
        willDeleteAccount: @escaping @Sendable (UserID) async throws -> Void = { _ in },
        didDeleteAccount: @escaping @Sendable (UserID) async -> Void = { _ in }
    ) {
        self.accounts = accounts
        self.app = app
        self.exporter = exporter
        self.clock = clock
        self.reauthentication = reauthentication
        self.onPreferencesChanged = onPreferencesChanged
        self.willDeleteAccount = willDeleteAccount
        self.didDeleteAccount = didDeleteAccount
    }

    struct ExportDocument: Encodable {
        enum CodingKeys: String, CodingKey { case exportedAt = "exported_at", user, notificationPreferences = "notification_preferences", devices, data }
        struct Account: Encodable {
            enum CodingKeys: String, CodingKey { case id, app, email, name, createdAt = "created_at" }
            var id: String
            var app: String
            var email: String?
            var name: String?
            var createdAt: Date
        }
        var exportedAt: Date
        var user: Account
        var notificationPreferences: NotificationPreferences
        var devices: [DeviceToken]
        var data: AnyEncodable
    }

    enum Platform: String, CaseIterable { case ios, android }

    /// Adds the routes to `api`, the group at the app's main authenticated root.
    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        let routes = PlatformRoutes(app: app)
        api.on(routes.registerDevice) { request, context, _ -> DeviceRegistration in
            let body = try await request.decode(as: DeviceRegistrationRequest.self, context: context)
            var validator = Validator()
            let token = validator.requireText(body.deviceToken, "device_token", maxLength: 200)
            let platform = validator.requireEnum(body.platform ?? "ios", "platform", as: Platform.self)
            if let token, let platform {
                let allowed =
                    platform == .ios
                    ? token.allSatisfy { $0.isASCII && $0.isHexDigit }
                    : token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ":_-".contains($0)) }
                validator.check(allowed, "device_token", platform == .ios ? "must be the hexadecimal APNs device token" : "contains characters a push token cannot have")
            }
            try validator.throwIfInvalid()
            let normalized = platform == .ios ? token!.lowercased() : token!
            let isNew = try await accounts.registerDevice(user: context.userID, app: app, token: normalized, platform: platform!.rawValue)
            return DeviceRegistration(status: isNew ? "registered" : "updated", deviceToken: normalized, platform: platform!.rawValue)
        }
        api.on(routes.notificationPreferences) { _, context, _ -> NotificationPreferences in
            guard let preferences = try await accounts.preferences(of: context.userID) else { throw APIError.notFound("User") }
            return preferences
        }
        api.on(routes.updateNotificationPreferences) { request, context, _ -> NotificationPreferences in
            let body = try await request.decode(as: NotificationPreferencesUpdate.self, context: context)
            guard var preferences = try await accounts.preferences(of: context.userID) else { throw APIError.notFound("User") }
            var validator = Validator()
            if let start = body.quietHoursStart {
                validator.check((0...23).contains(start), "quiet_hours_start", "must be an hour from 0 to 23")
                preferences.quietHoursStart = start
            }
            if let end = body.quietHoursEnd {
                validator.check((0...23).contains(end), "quiet_hours_end", "must be an hour from 0 to 23")
                preferences.quietHoursEnd = end
            }
            if let enabled = body.notificationsEnabled { preferences.notificationsEnabled = enabled }
            if let hide = body.hideNotificationDetails { preferences.hideNotificationDetails = hide }
            if let zone = body.timezone {
                let trimmed = zone.trimmingCharacters(in: .whitespaces)
                validator.check(TimeZoneName.isIANA(trimmed), "timezone", TimeZoneName.requirement)
                preferences.timezone = trimmed
            }
            try validator.throwIfInvalid()
            try await accounts.savePreferences(preferences, of: context.userID)
            await onPreferencesChanged(context.userID)
            return preferences
        }
        api.on(
            routes.export,
            responding: { _, context, _ -> Response in
                guard let profile = try await accounts.profile(context.userID) else { throw APIError.notFound("User") }
                let document = ExportDocument(
                    exportedAt: clock.now(),
                    user: .init(id: context.userID.description, app: app.rawValue, email: profile.email, name: profile.name, createdAt: profile.createdAt),
                    notificationPreferences: try await accounts.preferences(of: context.userID) ?? NotificationPreferences(),
                    devices: try await accounts.devices(of: context.userID),
                    data: try await exporter.exportData(for: context.userID)
                )
                let encoder = JSONEncoder.api
                let data = try encoder.encode(document)
                let day = ISO8601.string(from: clock.now()).prefix(10)
                return Response(
                    status: .ok,
                    headers: [
                        .contentType: "application/json; charset=utf-8",
                        .contentDisposition: "attachment; filename=\"\(app.rawValue)-export-\(day).json\"",
                        .cacheControl: "no-store",
                    ],
                    body: .init(byteBuffer: ByteBuffer(bytes: data))
                )
            })
        let willDeleteAccount = willDeleteAccount
        let didDeleteAccount = didDeleteAccount
        let reauthentication = reauthentication
        // Deletion needs a fresh sign-in: an AccountDeletionRequest body, or none and a session
        // signed in within the last five minutes (AccountReauthentication).
        api.on(routes.deleteAccount) { request, context, _ -> AccountDeletion in
            var proof: AccountDeletionRequest?
            if let input = try await context.requestDecoder.decodeIfPresent(AccountDeletionRequest.Input.self, from: request, context: context) {
                proof = try AccountDeletionRequest.check(input).get()
            }
            try await reauthentication.verify(proof, for: context.identity)
            try await willDeleteAccount(context.userID)
            try await accounts.deleteUser(context.userID)
            await didDeleteAccount(context.userID)
            return AccountDeletion()
        }
    }
}

extension NotificationPreferences: ResponseEncodable {}

extension DeviceRegistration: ResponseEncodable {}

extension AccountDeletion: ResponseEncodable {}
