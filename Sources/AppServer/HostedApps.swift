import AppPlatform
import FareLens
import Knot
import VibeKeeper
import Zia

/// The apps this server hosts, in mount order. Adding an app is a new module plus one line here.
public let hostedApps: [any AppModule.Type] = [
    KnotApp.self,
    VibeKeeperApp.self,
    ZiaApp.self,
    FareLensApp.self,
]
