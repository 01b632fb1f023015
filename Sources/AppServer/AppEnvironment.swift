import AppPlatform
import Auth
import Foundation
import Logging
import MediaStorage
import PlatformCore

/// Where the server runs: development allows the email-only sign-in, generates its own signing key
/// and serves /metrics without a token; production refuses to start without explicit keys, never
/// offers development sign-in, and serves /metrics only to the bearer of `METRICS_BEARER_TOKEN`.
public enum AppEnvironment: String, Sendable, CaseIterable {
    case development
    case production
}
