// An app imports one module: the SDK core and VibeKeeper's contract come with it.
@_exported import ClientCore
@_exported import PlatformAPI
@_exported import VibeKeeperAPI
