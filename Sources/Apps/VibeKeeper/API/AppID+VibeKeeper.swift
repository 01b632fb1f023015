import Foundation
import PlatformAPI

extension AppID {
    /// VibeKeeper: people, gift ideas, occasions and reminders, captured by text, voice or photo.
    public static let vibekeeper = AppID("vibekeeper")
}
