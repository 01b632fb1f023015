import Foundation
import Logging
import NIOCore
import PostgresKit
import PostgresNIO
import ServiceLifecycle
import SQLKit

/// Production storage: PostgreSQL (with pgvector) through a PostgresNIO connection pool. The pool is
/// a Service; the application runs it for as long as the server runs.
public final class PostgresStore: Database, Service {
    public let kind = DatabaseKind.postgres
    public let client: PostgresClient
    private let logger: Logger

    public init(url: String, maxConnections: Int = 20, logger: Logger) throws {
        var configuration = try PostgresClient.Configuration(url: url)
        configuration.options.maximumConnections = maxConnections
        configuration.options.minimumConnections = 0
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
    }

    public func run() async throws {
        await client.run()
    }

    public func read<T: Sendable>(_ body: @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            try await body(connection.sql(queryLogLevel: nil))
        }
    }

    public func transaction<T: Sendable>(_ body: @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        do {
            return try await client.withTransaction(logger: logger) { connection in
                try await body(connection.sql(queryLogLevel: nil))
            }
        } catch let error as PostgresTransactionError {
            // Surface the caller's own error (a domain error, a constraint violation) rather than the wrapper.
            if let closureError = error.closureError, error.rollbackError == nil { throw closureError }
            throw error
        }
    }

    public func close() async {}
}

extension PostgresClient.Configuration {
    /// Parses `postgres://user:password@host:port/database?sslmode=disable` (or a unix socket via `?host=/path`).
    init(url: String) throws {
        guard let components = URLComponents(string: url), let scheme = components.scheme, scheme.hasPrefix("postgres") else {
            throw PostgresURLError(message: "DATABASE_URL must look like postgres://user:password@host:5432/database")
        }
        let user = components.user.map { $0.removingPercentEncoding ?? $0 } ?? "postgres"
        let password = components.password.map { $0.removingPercentEncoding ?? $0 }
        let database = components.path.isEmpty ? nil : String(components.path.dropFirst())
        let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        if let socket = query["host"], socket.hasPrefix("/") {
            self.init(unixSocketPath: socket + "/.s.PGSQL.\(components.port ?? 5432)", username: user, password: password, database: database)
            return
        }
        let tls: PostgresClient.Configuration.TLS
        switch query["sslmode"] ?? "disable" {
        case "disable": tls = .disable
        case "require", "verify-full", "verify-ca": tls = .require(.makeClientConfiguration())
        default: tls = .prefer(.makeClientConfiguration())
        }
        self.init(host: components.host ?? "127.0.0.1", port: components.port ?? 5432, username: user, password: password, database: database, tls: tls)
    }
}

struct PostgresURLError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
