import Diagnostics

/// The doc-test runner's diagnostic ids, each declared once.
extension Diagnostic.ID {
    public static let doctestCacheIgnored = Self(rawValue: "doctest.cache.ignored")
    public static let doctestChannelForged = Self(rawValue: "doctest.channel.forged")
    public static let doctestCompileFailCompiled = Self(rawValue: "doctest.compile-fail.compiled")
    public static let doctestCompileFailElsewhere = Self(rawValue: "doctest.compile-fail.elsewhere")
    public static let doctestCompileFailWrongError = Self(rawValue: "doctest.compile-fail.wrong-error")
    public static let doctestCompileError = Self(rawValue: "doctest.compile.error")
    public static let doctestCompileFailed = Self(rawValue: "doctest.compile.failed")
    public static let doctestCompileTimeout = Self(rawValue: "doctest.compile.timeout")
    public static let doctestCompileWarning = Self(rawValue: "doctest.compile.warning")
    public static let doctestExit = Self(rawValue: "doctest.exit")
    public static let doctestExpectedTrap = Self(rawValue: "doctest.expected-trap")
    public static let doctestMemory = Self(rawValue: "doctest.memory")
    public static let doctestOutputLimit = Self(rawValue: "doctest.output.limit")
    public static let doctestOutputMismatch = Self(rawValue: "doctest.output.mismatch")
    public static let doctestSpliceUnknownType = Self(rawValue: "doctest.splice.unknown-type")
    public static let doctestTimeout = Self(rawValue: "doctest.timeout")
    public static let doctestTrap = Self(rawValue: "doctest.trap")
    public static let doctestUnreached = Self(rawValue: "doctest.unreached")
}
