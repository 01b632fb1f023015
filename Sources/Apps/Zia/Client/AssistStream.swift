import Foundation

/// The assistant over ClientCore's streaming call and byte-level event parser: a goal in, typed
/// ``AssistEvent``s out as they arrive.
///
/// - A refusal before the stream opens (401 after one refresh, 404, 422, 429 with its
///   `Retry-After`, 5xx) is thrown as the platform's ``ClientError`` (its
///   ``ClientError/httpStatus`` is the `HTTP <code>` of docs/zia.md, "Assistant stream and chat") and is not tried again.
/// - Only a connection that could not be made is tried again (ClientCore's rule for every POST:
///   ``ConnectionNotMade`` means nothing was sent; the retry policy's attempts and waits). A
///   timeout waiting for the answer is not: the server may have the goal, and a goal is never run
///   twice. A connection lost mid-stream (the body fails, or ends before `done`) ends the
///   events with ``ClientError/offline(_:)``. A server that stops mid-answer sends an `error`
///   event (``AssistInterruption``) then `done`: the events end normally, and ``AssistTurn`` reads
///   that error as ``AssistTurn/Outcome/interrupted(_:)``.
/// - Cancelling the task that iterates (or dropping the stream) closes the connection, and the
///   server cancels the run.
extension ZiaAPIClient {
    public func assist(_ request: AssistRequest) -> AsyncThrowingStream<AssistEvent, any Error> {
        let client = self.client
        return AsyncThrowingStream { continuation in
            let producer = Task {
                do {
                    let opened = try await client.stream(APICall(ZiaRoutes.assistStream.endpoint(NoParameter()), body: try client.encode(request)))
                    var sawDone = false
                    do {
                        for try await event in opened.events {
                            // Comments and keep-alives carry no data.
                            if event.data.isEmpty && event.event == nil { continue }
                            let typed = try AssistEvent(event)
                            continuation.yield(typed)
                            if typed.isDone {
                                sawDone = true
                                break
                            }
                        }
                    } catch let error as ClientError {
                        throw error
                    } catch let error as AssistEventDecodingError {
                        throw error
                    } catch is CancellationError {
                        throw CancellationError()
                    } catch {
                        throw ClientError.offline("The answer was cut off: \(error.localizedDescription)")
                    }
                    try Task.checkCancellation()
                    guard sawDone else { throw ClientError.offline("The answer was cut off before it ended.") }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in producer.cancel() }
        }
    }
}
