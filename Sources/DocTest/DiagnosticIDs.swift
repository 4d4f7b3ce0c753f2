import Diagnostics

/// The doc-test runner's diagnostic ids, each declared once.
extension Diagnostic.ID {
    public static let doctestChannelForged: Self = "doctest.channel.forged"
    public static let doctestCompileFailCompiled: Self = "doctest.compile-fail.compiled"
    public static let doctestCompileFailElsewhere: Self = "doctest.compile-fail.elsewhere"
    public static let doctestCompileFailWrongError: Self = "doctest.compile-fail.wrong-error"
    public static let doctestCompileError: Self = "doctest.compile.error"
    public static let doctestCompileFailed: Self = "doctest.compile.failed"
    public static let doctestCompileTimeout: Self = "doctest.compile.timeout"
    public static let doctestCompileWarning: Self = "doctest.compile.warning"
    public static let doctestExit: Self = "doctest.exit"
    public static let doctestExpectedTrap: Self = "doctest.expected-trap"
    public static let doctestMemory: Self = "doctest.memory"
    public static let doctestOutputLimit: Self = "doctest.output.limit"
    public static let doctestOutputMismatch: Self = "doctest.output.mismatch"
    public static let doctestSpliceUnknownType: Self = "doctest.splice.unknown-type"
    public static let doctestTimeout: Self = "doctest.timeout"
    public static let doctestTrap: Self = "doctest.trap"
}
