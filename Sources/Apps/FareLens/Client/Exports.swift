// An app imports one module: the SDK core and FareLens's contract come with it.
@_exported import ClientCore
@_exported import FareLensAPI
@_exported import PlatformAPI
