import AppPlatform
import Auth
import Foundation
import Persistence
import PlatformCore
import __App__API

/// __App__'s part of a user's data export: their items.
public struct __App__Exporter: AppDataExporter {
    let items: __App__ItemRepository

    public func exportData(for user: UserID) async throws -> AnyEncodable {
        AnyEncodable(["items": try await items.all(for: user)])
    }
}
