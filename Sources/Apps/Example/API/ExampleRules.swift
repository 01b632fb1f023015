import Foundation
import PlatformAPI

/// The limits of Example's fields and lists, shared by the server and the SDK.
public enum ExampleRules {
    public static let maxTitleLength = 200
    public static let maxNotesLength = 2000
    public static let defaultListLimit = 50
    public static let maxListLimit = 100
}
