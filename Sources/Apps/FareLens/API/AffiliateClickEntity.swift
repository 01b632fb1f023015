import Foundation
import PlatformAPI

/// The marker type of ``AffiliateClickID``.
public enum AffiliateClickEntity {}

/// A recorded click's id: on the wire the lower-case UUID every FareLens id is.
public typealias AffiliateClickID = TypedID<AffiliateClickEntity>
