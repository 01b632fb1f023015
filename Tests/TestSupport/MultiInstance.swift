import AppServer
import Foundation
import HTTPTypes
import TestFakes

/// Several instances of the real application on one private PostgreSQL database, as a deployment
/// runs them behind a load balancer: each instance has its own process state (caches, limiters,
/// scheduler) and only the database is shared. Tests of what must agree across instances (rate
/// limits, sign-outs, schedules, quotas, idempotency keys) send requests to `clients[i]`.
///
/// The database is created for the test and dropped afterwards, because each instance's scheduler
/// claims every due job of its database. `configure` gets each instance's index and a configuration
/// already naming that database (`databaseURL`); `dependencies` (a
/// shared `TestClock`, fakes) is given to every instance.
public func withInstances<T: Sendable>(
    _ count: Int,
    configure: @escaping @Sendable (Int, inout ServerConfiguration) -> Void = { _, _ in },
    dependencies: ServerDependencies = .init(),
    _ body: @escaping @Sendable ([TestClient], [ServerComponents]) async throws -> T
) async throws -> T {
    precondition(count >= 1, "withInstances needs at least one instance")
    return try await withIsolatedPostgres { url in
        try await nestInstances(
            index: 0, count: count, url: url, configure: configure, dependencies: dependencies, clients: [], components: [], body)
    }
}

/// Starts instance `index`, then the rest inside it, and runs `body` with all of them.
private func nestInstances<T: Sendable>(
    index: Int,
    count: Int,
    url: String,
    configure: @escaping @Sendable (Int, inout ServerConfiguration) -> Void,
    dependencies: ServerDependencies,
    clients: [TestClient],
    components: [ServerComponents],
    _ body: @escaping @Sendable ([TestClient], [ServerComponents]) async throws -> T
) async throws -> T {
    if index == count { return try await body(clients, components) }
    return try await withServer(
        .postgres,
        configure: { configuration in
            configuration.multiInstance = true
            configuration.databaseURL = url
            configure(index, &configuration)
        },
        dependencies: dependencies
    ) { client, server in
        try await nestInstances(
            index: index + 1, count: count, url: url, configure: configure, dependencies: dependencies,
            clients: clients + [client], components: components + [server], body)
    }
}

/// Sends `count` requests one after another, request `i` to `clients[i % clients.count]`, as a
/// balancer spreads one client over the instances, and counts what came back: how many were
/// admitted (2xx), and the `Retry-After` of the last one refused with 429.
public func spreadRequests(
    _ count: Int, over clients: [TestClient], _ send: @Sendable (TestClient) async throws -> APIResponse
) async throws -> (admitted: Int, retryAfter: Int?) {
    var admitted = 0
    var retryAfter: Int?
    for index in 0..<count {
        let response = try await send(clients[index % clients.count])
        if (200..<300).contains(response.status.code) {
            admitted += 1
        } else if response.status == .tooManyRequests {
            retryAfter = Int(response.headers[.retryAfter] ?? "")
        }
    }
    return (admitted, retryAfter)
}
