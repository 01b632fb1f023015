import Foundation

/// Where the prompts' memory lives: a JSON file (``FileFeedbackPromptStore``), memory, or an app's
/// `UserDefaults`/database behind the same protocol.
public protocol FeedbackPromptStore: LocalUserData {
    func load() throws -> FeedbackPromptState
    func save(_ state: FeedbackPromptState) throws
}
