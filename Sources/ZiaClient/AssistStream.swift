import Foundation

/// The assistant over ClientCore's streaming call and byte-level event parser: a goal in, typed
/// ``AssistEvent``s out as they arrive.
///
/// - A refusal before the stream opens (401 after one refresh, 404, 422, 429 with its
///   `Retry-After`, 5xx) is thrown as the platform's ``ClientError`` (its
///   ``ClientError/httpStatus`` is the seed's `HTTP <code>`) and is not tried again.
/// - Only a connection that failed before the answer's first byte is tried again (the retry
///   policy's attempts and waits); once the server answered, nothing is sent again, so a goal is
///   never run twice. A connection lost mid-stream (the body fails, or ends before `done`) ends the
///   events with ``ClientError/offline(_:)``.
/// - Cancelling the task that iterates (or dropping the stream) closes the connection, and the
///   server cancels the run.
extension ZiaAPIClient {
    public func assist(_ request: AssistRequest) -> AsyncThrowingStream<AssistEvent, any Error> {
        let client = self.client
        let retry = self.retry
        return AsyncThrowingStream { continuation in
            let producer = Task {
                do {
                    let opened = try await Self.open(request, client: client, retry: retry)
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

    /// Opens the stream, trying again only while the server could not be reached at all.
    private static func open(_ request: AssistRequest, client: APIClient, retry: RetryPolicy) async throws -> EventStreamResponse {
        let call = APICall(ZiaRoutes.assistStream.endpoint(NoParameter()), body: try client.encode(request))
        var attempt = 1
        while true {
            do {
                return try await client.stream(call)
            } catch let error as ClientError {
                guard case .offline = error, let wait = retry.delay(afterAttempt: attempt, error: error) else { throw error }
                try await retry.sleep(wait)
                attempt += 1
            }
        }
    }
}
