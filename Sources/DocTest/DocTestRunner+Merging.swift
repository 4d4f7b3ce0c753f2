import Foundation
import LessonModel
import TutorbuildSupport

extension DocTestRunner {
    /// Whether programs the cache does not answer are compiled together (`MergedProgram`): `options.mergePrograms`,
    /// unless `TUTORBUILD_DOCTEST_MERGE=0`.
    var mergesPrograms: Bool {
        options.mergePrograms && ProcessInfo.processInfo.environment["TUTORBUILD_DOCTEST_MERGE"] != "0"
    }

    /// `execute`, with the programs the cache does not answer compiled in merged batches where they can be
    /// (`MergePlanner`), each lesson's outcome stored under its own key; the rest, and every member a merged compile
    /// does not decide, compiled alone as `execute` does.
    func executeMerging(
        _ order: [String], _ programs: [String: LessonProgram], paths: [String: [String]], documents: [String: LessonDocument],
        executor: ProgramExecutor, cache: ResultCache?, statistics: inout DocTestReport.Statistics
    ) throws -> [String: ProgramOutcome] {
        guard mergesPrograms else {
            var outcomes = try execute(
                order, programs, paths: paths, documents: documents, executor: executor, cache: cache, statistics: &statistics)
            if executor.findsDemonstration { try addDemonstration(to: &outcomes, programs, documents: documents, executor: executor, cache: cache) }
            return outcomes
        }
        let cached = order.parallelMap { key in cache?.load(key).flatMap { $0.fits(programs[key]!) ? $0 : nil } }
        var outcomes: [String: ProgramOutcome] = [:]
        for (key, outcome) in zip(order, cached) { outcomes[key] = outcome }
        let misses = order.filter { outcomes[$0] == nil }
        let built = try misses.parallelMap { key -> (program: LessonProgram, candidate: MergePlanner.Candidate) in
            var program = programs[key]!
            var file: MergedLessonFile?
            if let document = documents[key] {
                let builder = LessonProgramBuilder(document: document)
                if program.text.isEmpty, let made = builder.build().programs.first(where: { $0.role == program.role }) { program = made }
                // A program that may use API newer than its deployment target is checked alone (`availabilityChecked`).
                file = try executor.needsAvailabilityCheck(program) ? nil : try? builder.mergedFile(program)
            }
            return (program, MergePlanner.Candidate(key: key, mode: program.mode, file: file))
        }
        let missing = Dictionary(uniqueKeysWithValues: zip(misses, built))
        let jobs = MergePlanner(batches: max(1, options.jobs)).plan(built.map(\.candidate))
        let done = Locked((count: order.count - misses.count, outcomes: [String: ProgramOutcome]()))
        let progress = options.progress
        let merging = Locked((compiles: 0, answered: 0))
        let finish = { @Sendable (key: String, outcome: ProgramOutcome, seconds: Double) in
            if !outcome.endUnknown { cache?.store(outcome, key: key) }
            var count = 0
            done.mutate { count = $0.count + 1; $0.count = count; $0.outcomes[key] = outcome }
            var what = outcome.compiled ? (outcome.runs.isEmpty ? "compiled" : "compiled and ran") : "did not compile"
            if programs[key]?.role == .prefix { what += " (the snippets before the first compile error)" }
            progress?(DocTestProgress(done: count, total: order.count, paths: paths[key] ?? [], what: what, seconds: seconds))
        }
        try WorkPool(count: jobs.count).run(jobs: max(1, options.jobs)) { k in
            let start = Date()
            switch jobs[k] {
            case .alone(let key):
                finish(key, try executor.execute(missing[key]!.program), Date().timeIntervalSince(start))
            case .merged(let keys):
                let members = keys.map { MergedProgram.Member(key: $0, program: missing[$0]!.program, file: missing[$0]!.candidate.file!) }
                let dumps = demonstrations(of: members, paths: paths, executor: executor)
                defer { for dump in dumps { dump.wait() } }
                let merged = try executor.executeMerged(MergedProgram(members: members))
                merging.mutate { $0.compiles += 1; $0.answered += merged.count { $0 != nil } }
                let seconds = Date().timeIntervalSince(start) / Double(keys.count)
                for (n, (key, outcome)) in zip(keys, merged).enumerated() {
                    if var outcome {
                        if n < dumps.count, !outcome.runs.isEmpty { outcome.demonstration = try dumps[n].value() }
                        finish(key, outcome, seconds)
                        continue
                    }
                    // Compiled alone, with the dump already made beside the merged compile.
                    let alone = Date()
                    let dump = n < dumps.count ? dumps[n] : nil
                    finish(key, try executor.execute(missing[key]!.program, demonstration: dump), Date().timeIntervalSince(alone))
                }
            }
        }
        outcomes.merge(done.value.outcomes) { a, _ in a }
        if executor.findsDemonstration { try addDemonstration(to: &outcomes, programs, documents: documents, executor: executor, cache: cache) }
        statistics.programs += order.count
        statistics.cacheHits += order.count - misses.count
        statistics.compiled += misses.count
        statistics.mergedCompiles += merging.value.compiles
        statistics.answeredByMerged += merging.value.answered
        return outcomes
    }

    /// Each member's demonstration lines, found on other threads while the merged program compiles, as `execute` finds
    /// a lone program's: the lines and the preview's "type-checked" stage come without waiting for the merged compile.
    private func demonstrations(
        of members: [MergedProgram.Member], paths: [String: [String]], executor: ProgramExecutor
    ) -> [ProgramExecutor.Pending<[Int: [Int]]?>] {
        guard executor.findsDemonstration else { return [] }
        let report = options.typeChecked
        return members.map { member in
            let program = member.program, programPaths = paths[member.key] ?? []
            return ProgramExecutor.background {
                let lines = try executor.demonstration(of: program)
                if lines != nil { report?(programPaths) }
                return lines
            }
        }
    }

    /// Finds the demonstration lines of the outcomes that lack them (merged compiles and outcomes cached by
    /// `tutorbuild test`) from each program alone, and stores them with the outcome.
    func addDemonstration(
        to outcomes: inout [String: ProgramOutcome], _ programs: [String: LessonProgram],
        documents: [String: LessonDocument], executor: ProgramExecutor, cache: ResultCache?
    ) throws {
        let keys = outcomes.keys.sorted().filter { key in
            guard let outcome = outcomes[key], let program = programs[key] else { return false }
            return outcome.compiled && !outcome.runs.isEmpty && outcome.demonstration == nil && !program.typecheckOnly
        }
        let found = try keys.parallelMap { key -> [Int: [Int]]? in
            var program = programs[key]!
            // A planned program has no text yet: build it from the lesson file, as a compile would.
            if program.text.isEmpty, let document = documents[key], let built = LessonPlan.program(program.role, of: document) {
                program = built
            }
            return program.text.isEmpty ? nil : try executor.demonstration(of: program)
        }
        for (key, lines) in zip(keys, found) {
            guard let lines, var outcome = outcomes[key] else { continue }
            outcome.demonstration = lines
            outcomes[key] = outcome
            cache?.store(outcome, key: key)
        }
    }
}
