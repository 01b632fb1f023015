import ZiaAssistant

/// What the stream route runs for a request: the ``Assistant``, or in tests a scripted engine
/// whose calls can be counted, held or failed. One method, the assistant's own.
public protocol AssistEngine: Sendable {
    /// Runs `input`, reporting progress as it goes; a thrown `progress` (the client left) ends the run.
    func run(_ input: AssistInput, progress: @escaping @Sendable (AssistProgress) async throws -> Void) async throws -> AssistRun
}

extension Assistant: AssistEngine {}
