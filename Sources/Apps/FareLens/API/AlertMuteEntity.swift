import Foundation
import PlatformAPI

/// The marker type of ``AlertMuteID``.
public enum AlertMuteEntity {}

/// A mute's id: `{id}` of `DELETE /alerts/mutes/{id}`.
public typealias AlertMuteID = TypedID<AlertMuteEntity>

extension AlertMuteEntity: NamedEntity {
    public static var entityName: String { "Mute" }
    public static var notFoundCode: String { "mute_not_found" }
}
