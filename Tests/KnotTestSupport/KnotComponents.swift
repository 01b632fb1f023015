import AppServer
import Knot

extension ServerComponents {
    /// The hosted Knot module (tests look behind its API: reminders, jobs).
    public var knot: KnotApp? { app(KnotApp.self) }
}
