import AIProviders
import AppPlatform
import Auth
import Foundation
import Jobs
import Logging
import Notifications
import Observability
import Persistence
import PlatformCore
import ZiaAPI
import ZiaAssistant

/// Zia's part of a user's data export: one key per section, each read by its part (`user` and
/// `household` are `null` when nothing is stored; the time zone is in the export's notification
/// preferences).
public struct ZiaExporter: AppDataExporter {
    /// One key of the export and how to read it for a user.
    public struct Section: Sendable {
        let key: String
        let read: @Sendable (UserID) async throws -> AnyEncodable

        public init<Value: Encodable & Sendable>(_ key: String, _ read: @escaping @Sendable (UserID) async throws -> Value) {
            self.key = key
            self.read = { AnyEncodable(try await read($0)) }
        }
    }

    let sections: [Section]

    public func exportData(for user: UserID) async throws -> AnyEncodable {
        var document: [String: AnyEncodable] = [:]
        for section in sections { document[section.key] = try await section.read(user) }
        return AnyEncodable(document)
    }
}
