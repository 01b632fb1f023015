import Foundation

extension AssistTurn {
    /// Streams `request` through `api`, calling `update` on the main actor with the turn after every
    /// event, and answers the finished turn. Cancelling the calling task stops the run (the
    /// connection closes) and ends the turn as ``Outcome/stopped``, keeping the text so far.
    @MainActor
    static func stream(_ request: AssistRequest, api: ZiaAPIClient, update: (AssistTurn) -> Void) async -> AssistTurn {
        var turn = AssistTurn()
        update(turn)
        do {
            for try await event in api.assist(request) {
                turn.apply(event)
                update(turn)
            }
            if Task.isCancelled { turn.fail(CancellationError()) }
        } catch {
            turn.fail(Task.isCancelled ? CancellationError() : error)
        }
        if turn.outcome == nil { turn.fail(ClientError.offline("The answer was cut off before it ended.")) }
        update(turn)
        return turn
    }
}
