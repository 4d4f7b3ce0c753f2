import Foundation

/// Code shaped by a measurement that `bench/shapes.sh` can turn off, so one binary shows in one invocation
/// what each piece buys (docs/site.md, "Why the code is shaped as it is"); every piece is on unless
/// `TUTORBUILD_BENCH_WITHOUT` lists it (`arena,teardown,manifest-json,line-formats`).
package enum SpeedMachinery {
    /// cmark parses lesson-sized documents into the thread's `ParseArena`.
    package static let arena = isOn("arena")
    /// Commands keep the course and the site builder until the process ends (`Teardown`).
    package static let teardown = isOn("teardown")
    /// The site manifest is written and read as JSON by hand (`BuildManifest.json()`, `ManifestReader`).
    package static let manifestJSON = isOn("manifest-json")
    /// Lesson plans, lesson records and generated pages' facts are stored as lines, not JSON.
    package static let lineFormats = isOn("line-formats")

    private static func isOn(_ name: String) -> Bool {
        let off = ProcessInfo.processInfo.environment["TUTORBUILD_BENCH_WITHOUT"] ?? ""
        return !off.split(separator: ",").contains { $0 == name }
    }
}
