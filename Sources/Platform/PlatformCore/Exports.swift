// The platform's Foundation-only wire types are part of every server target's vocabulary.
@_exported import PlatformAPI
