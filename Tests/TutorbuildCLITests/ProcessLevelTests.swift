import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// Tests that run the real `tutorbuild` executable: serving with live reload, and builds killed mid-way.
@Suite("The tutorbuild process", .serialized)
struct ProcessLevelTests {
    static let executable: String = {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return package.appendingPathComponent(".build/debug/tutorbuild").path
    }()

    static func content(lessons: Int) throws -> String {
        let root = NSTemporaryDirectory() + "tutorbuild-process-" + UUID().uuidString
        for i in 0..<lessons {
            let folder = root + "/content/lesson-\(i)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try "---\ntitle: Lesson \(i)\norder: \(i)\n---\n\n## Step {#step}\n\nFirst words.\n\n```swift ignore\nprint(\(i))\n```\n"
                .write(toFile: folder + "/en.md", atomically: true, encoding: .utf8)
        }
        return root
    }

    static func get(_ url: String) -> (status: Int, body: String)? {
        let semaphore = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: (Int, String)?
        let task = URLSession.shared.dataTask(with: URL(string: url)!) { data, response, _ in
            if let http = response as? HTTPURLResponse { result = (http.statusCode, String(decoding: data ?? Data(), as: UTF8.self)) }
            semaphore.signal()
        }
        task.resume()
        _ = semaphore.wait(timeout: .now() + 10)
        return result
    }

    @Test("serve answers 200 for a lesson, rebuilds and bumps the reload version after an edit, and stops on Ctrl-C")
    func serve() throws {
        let root = try Self.content(lessons: 2)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = ["serve", "--content", root + "/content", "--output", root + "/site", "--port", "0", "--no-test"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // Read stderr until the "serving … at http://127.0.0.1:PORT/" line.
        var log = ""
        var base: String?
        let deadline = Date().addingTimeInterval(60)
        while base == nil, Date() < deadline {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            log += String(decoding: chunk, as: UTF8.self)
            if let range = log.range(of: "http://127.0.0.1:[0-9]+/", options: .regularExpression) { base = String(log[range]) }
        }
        let url = try #require(base, "no serving line in: \(log)")
        let page = try #require(Self.get(url + "en/lesson-1/index.html"))
        #expect(page.status == 200)
        #expect(page.body.contains("First words."))
        #expect(Self.get(url + "../../etc/passwd")?.status != 200)
        let before = Self.get(url + "__tutorbuild/version")?.body
        try "---\ntitle: Lesson 1\norder: 1\n---\n\n## Step {#step}\n\nEdited words.\n"
            .write(toFile: root + "/content/lesson-1/en.md", atomically: true, encoding: .utf8)
        var after = before
        let editDeadline = Date().addingTimeInterval(30)
        while after == before, Date() < editDeadline {
            Thread.sleep(forTimeInterval: 0.3)
            after = Self.get(url + "__tutorbuild/version")?.body
        }
        #expect(after != before)
        #expect(Self.get(url + "en/lesson-1/index.html")?.body.contains("Edited words.") == true)
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test("a build killed with SIGKILL at any moment leaves the previous site whole")
    func killedBuilds() throws {
        let root = try Self.content(lessons: 300)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let arguments = ["build", "--content", root + "/content", "--output", root + "/site", "--no-test"]
        let first = Process()
        first.executableURL = URL(fileURLWithPath: Self.executable)
        first.arguments = arguments
        first.standardError = FileHandle.nullDevice
        try first.run()
        first.waitUntilExit()
        try #require(first.terminationStatus == 0)
        let files = { () -> [String] in
            (FileManager.default.enumerator(atPath: root + "/site")?.allObjects as? [String] ?? []).filter { !$0.hasPrefix(".") }.sorted()
        }
        let complete = files()
        #expect(complete.contains("en/lesson-299/index.html"))
        // Change every lesson so each build really rewrites, then kill builds at spread-out moments.
        for i in 0..<300 {
            let path = root + "/content/lesson-\(i)/en.md"
            try (try String(contentsOfFile: path, encoding: .utf8) + "\nMore.\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        for delay in [0.05, 0.15, 0.3, 0.5, 0.8] {
            let build = Process()
            build.executableURL = URL(fileURLWithPath: Self.executable)
            build.arguments = arguments
            build.standardError = FileHandle.nullDevice
            try build.run()
            Thread.sleep(forTimeInterval: delay)
            kill(build.processIdentifier, SIGKILL)
            build.waitUntilExit()
            let now = files()
            // Either the old site or (if the build got to its swap) the new one: always every page.
            let difference = Set(now).symmetricDifference(complete).sorted().prefix(5)
            #expect(difference.isEmpty, "after a kill at \(delay) s the site differs: \(Array(difference))")
        }
    }
}

/// Issue 20 item 5: lesson programs die with the runner, however it ends, and leave no folder behind.
@Suite("Interrupted test runs", .serialized)
struct InterruptedRunTests {
    /// Processes whose command line names a folder of the runner with process id `owner`.
    static func children(of owner: Int32) -> [Int32] {
        let needle = "tutorbuild-doctest-\(owner)-"
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }.filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return String(decoding: data, as: UTF8.self).contains(needle)
        }
    }

    static func folders(of owner: Int32) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? [])
            .filter { $0.hasPrefix("tutorbuild-doctest-\(owner)-") }
    }

    @Test("a looping snippet dies when tutorbuild test gets SIGTERM, SIGINT or SIGKILL", arguments: [SIGTERM, SIGINT, SIGKILL])
    func runnerDies(signal: Int32) throws {
        let root = NSTemporaryDirectory() + "tutorbuild-interrupt-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/content/spin", withIntermediateDirectories: true)
        try "---\ntitle: Spin\n---\n\n```swift\nimport Glibc\nif fork() == 0 { setpgid(0, 0); while true { usleep(1000) } }\nwhile true { usleep(1000) }\n```\n"
            .write(toFile: root + "/content/spin/en.md", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessLevelTests.executable)
        process.arguments = ["test", "--content", root + "/content", "--no-cache", "--timeout", "60"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let owner = process.processIdentifier
        // Wait until the lesson program runs (its command line names the runner's folder).
        let deadline = Date().addingTimeInterval(60)
        while Self.children(of: owner).filter({ pid in
            (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8))?.contains("/lesson") == true
        }).isEmpty, Date() < deadline {
            usleep(50_000)
        }
        #expect(!Self.children(of: owner).isEmpty, "the lesson program never started")
        kill(owner, signal)
        process.waitUntilExit()
        var left = Self.children(of: owner)
        let settle = Date().addingTimeInterval(5)
        while !left.isEmpty, Date() < settle {
            usleep(50_000)
            left = Self.children(of: owner)
        }
        #expect(left.isEmpty, "still running: \(left)")
        if signal != SIGKILL {
            #expect(Self.folders(of: owner).isEmpty)
        }
        for pid in left { kill(pid, SIGKILL) }
        for folder in Self.folders(of: owner) { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + folder) }
    }
}
