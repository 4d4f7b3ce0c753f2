import LessonModel

/// Decides which programs a run compiles together (`MergedProgram`) and which alone.
///
/// Only programs of one language mode (Swift version, default isolation, deployment target: the same flags) share a
/// compile, and only lessons that cannot see each other: no two export one name, and no name one exports is used by
/// another without being bound there, so every lesson's names resolve as in its own program. Programs are spread over `batches` merged programs (the cores), the
/// largest first into the smallest batch that takes them; a batch left with one lesson is compiled alone. The batches
/// are compiled largest first.
struct MergePlanner {
    struct Candidate: Sendable {
        var key: String
        var mode: LanguageMode
        /// The program as a merged file, or `nil` when it must be compiled alone.
        var file: MergedLessonFile?
    }

    enum Job: Sendable, Hashable {
        case alone(String)
        case merged([String])
    }

    var batches: Int

    func plan(_ candidates: [Candidate]) -> [Job] {
        var merged: [[Candidate]] = []
        var alone: [String] = []
        let modes = Dictionary(grouping: candidates.filter { $0.file != nil }, by: \.mode)
        for mode in modes.keys.sorted(by: { $0.description < $1.description }) {
            let group = modes[mode]!
            let count = max(1, min(batches, group.count / 2))
            var bins: [Bin] = []
            for candidate in group.sorted(by: { ($0.file!.text.utf8.count, $1.key) > ($1.file!.text.utf8.count, $0.key) }) {
                let file = candidate.file!
                let fitting = bins.indices.filter { bins[$0].takes(file) }
                if bins.count < count || fitting.isEmpty {
                    bins.append(Bin())
                    bins[bins.count - 1].add(candidate)
                } else {
                    let smallest = fitting.min { bins[$0].size < bins[$1].size }!
                    bins[smallest].add(candidate)
                }
            }
            for bin in bins {
                if bin.members.count > 1 { merged.append(bin.members) } else { alone += bin.members.map(\.key) }
            }
        }
        let chosen = Set(merged.flatMap { $0.map(\.key) } + alone)
        alone += candidates.filter { !chosen.contains($0.key) }.map(\.key)
        let order = Dictionary(uniqueKeysWithValues: candidates.enumerated().map { ($1.key, $0) })
        // Largest first, so that the last compile to start is a small one and neither core waits long for the other.
        let size = { (batch: [Candidate]) in batch.reduce(0) { $0 + $1.file!.text.utf8.count } }
        return merged.map { (batch: $0, size: size($0)) }.sorted { ($0.size, $0.batch.count) > ($1.size, $1.batch.count) }
            .map { .merged($0.batch.map(\.key)) }
            + alone.sorted { order[$0]! < order[$1]! }.map { .alone($0) }
    }

    private struct Bin {
        var members: [Candidate] = []
        var exports: Set<String> = []
        var mentions: Set<String> = []
        var size = 0

        func takes(_ file: MergedLessonFile) -> Bool {
            exports.isDisjoint(with: file.exports) && exports.isDisjoint(with: file.mentions) && mentions.isDisjoint(with: file.exports)
        }

        mutating func add(_ candidate: Candidate) {
            members.append(candidate)
            exports.formUnion(candidate.file!.exports)
            mentions.formUnion(candidate.file!.mentions)
            size += candidate.file!.text.utf8.count
        }
    }
}
