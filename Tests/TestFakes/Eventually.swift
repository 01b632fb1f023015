/// How long a test waits for something that must happen beside it (a background task, a stream's
/// next event, a server coming up). Generous on purpose: the full suite runs its tests in parallel
/// on two cores, where work can wait seconds for a thread; a condition that holds costs only the
/// time it takes to hold, and no test measures speed with it (the timed suites do that, alone).
public let testPatience: Duration = .seconds(30)

/// Polls `condition` every `interval` until it holds or `timeout` of real time has passed, and
/// answers whether it held: the one way tests wait for work running beside them. The condition runs
/// in the caller's isolation, so a test on the main actor can poll a view model.
public func eventually(
    within timeout: Duration = testPatience, every interval: Duration = .milliseconds(10), isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
        if try await condition() { return true }
        if ContinuousClock.now >= deadline { return false }
        try await Task.sleep(for: interval)
    }
}
