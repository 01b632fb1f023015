import Foundation
import PlatformAPI

/// The one sentence a screen shows for a failed call (a 422 with all its fields), in every SDK.
public enum ScreenText {
    public static func message(_ error: any Error) -> String {
        (error as? ClientError)?.description ?? error.localizedDescription
    }
}
