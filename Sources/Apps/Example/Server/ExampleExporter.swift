import AppPlatform
import Auth
import ExampleAPI
import Foundation
import Persistence
import PlatformCore

/// Example's part of a user's data export: their items.
public struct ExampleExporter: AppDataExporter {
    let items: ExampleItemRepository

    public func exportData(for user: UserID) async throws -> AnyEncodable {
        AnyEncodable(["items": try await items.all(for: user)])
    }
}
