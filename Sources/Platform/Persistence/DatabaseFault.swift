import Foundation
import NIOCore
import PlatformCore
import PostgresNIO
import SQLiteNIO

enum DatabaseFault {
    /// The error to throw for `error`: a ``DatabaseUnavailable`` when it says the database cannot be
    /// reached or did not answer (connection refused or lost, server shutting down or recovering, a
    /// SQLite file locked or unreadable), else `error` itself — constraint violations, decoding
    /// errors and the callers' own errors pass through untouched.
    static func translate(_ error: any Error) -> any Error {
        if error is DatabaseUnavailable { return error }
        if let reason = unavailabilityReason(error) { return DatabaseUnavailable(reason: reason) }
        return error
    }

    static func unavailabilityReason(_ error: any Error) -> String? {
        switch error {
        case let error as PSQLError:
            switch error.code {
            case .clientClosedConnection, .serverClosedConnection, .connectionError, .uncleanShutdown, .poolClosed,
                .sslUnsupported, .failedToAddSSLHandler, .queryCancelled:
                return "PostgreSQL: \(error.code)"
            case .server:
                // 08: connection exception; 57P01–57P05: the server is shutting down, crashed, starting
                // up or recovering, or an administrator ended the backend; 57014: statement timeout;
                // 53300: too many connections; 40001/40P01 are not here: they are the caller's to retry.
                let state = error.serverInfo?[.sqlState] ?? ""
                if state.hasPrefix("08") || state.hasPrefix("57P") || state == "57014" || state == "53300" || state == "53000" {
                    return "PostgreSQL SQLSTATE \(state): \(error.serverInfo?[.message] ?? "")"
                }
                return nil
            default:
                return nil
            }
        case let error as PostgresTransactionError:
            // A transaction whose connection died fails at BEGIN, in the body, at COMMIT or at ROLLBACK.
            for inner in [error.beginError, error.closureError, error.commitError, error.rollbackError].compactMap({ $0 }) {
                if let reason = unavailabilityReason(inner) { return reason }
            }
            return nil
        case let error as SQLiteError:
            // Busy or locked past the busy timeout, an I/O error, a file that cannot be opened or read.
            let reason = String(describing: error.reason)
            let unavailable = ["busy", "locked", "ioError", "cantOpen", "notADatabase", "corrupt", "full", "readonly", "readOnly", "permission", "noLFS"]
            return unavailable.contains(where: reason.hasPrefix) ? "SQLite \(reason): \(error.message)" : nil
        case let error as SQLiteFailure:
            return error.isBusy || error.isFileUnusable || error.isClosedConnection ? "SQLite: \(error.message)" : nil
        case is IOError, is ChannelError, is NIOConnectionError:
            return "connection: \(error)"
        case let error as PostgresError:
            // The driver's older error type, still thrown on some paths.
            if case .connectionClosed = error { return "PostgreSQL: connection closed" }
            return nil
        default:
            return nil
        }
    }
}
