// An app imports one module: the SDK core and Example's contract come with it.
@_exported import ClientCore
@_exported import ExampleAPI
@_exported import PlatformAPI
