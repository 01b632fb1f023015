import FareLensAPI
import HTTPTypes
import PlatformCore

/// The caller has no mute of that target.
struct AlertMuteNotFound: Error, Equatable {}
