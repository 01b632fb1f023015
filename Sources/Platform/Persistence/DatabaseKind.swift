import Foundation
import Logging
import PlatformCore
import PostgresNIO
import SQLKit
import SQLiteNIO

/// Which engine stores the data: the embedded SQLite file (the zero-config default) or PostgreSQL
/// with pgvector (production).
public enum DatabaseKind: String, Sendable, CaseIterable, Codable {
    case sqlite
    case postgres
}
