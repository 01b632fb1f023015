import FareLensAPI
import HTTPTypes
import PlatformCore

/// An App Store subscription already bound to another account.
struct SubscriptionTaken: Error, Equatable {}
