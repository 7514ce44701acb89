import Foundation
import Testing

/// Rendering on many machines (SPEC 19): `render split`, one `render chunk` per
/// task (as array jobs run them), `render join`; the same bytes as one machine.
@Suite struct JobCLITests {
    /// 8 s at 25 fps: four chunks of 2 s, with a counter (each chunk differs) over a colour.
    static let project = """
        cutlist: 1
        output: { size: 160x90, fps: 25 }
        tracks:
          - items:
              - { pattern: counter, duration: 8s }
          - kind: audio
            items:
              - { tone: 440, duration: 8s }
        """

    @Test func tasksRunInAnyOrderAndTheJoinIsByteIdenticalToOneMachine() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Self.project)
        let split = try space.render("split", "edit.yaml", "-o", "job", "--tasks", "4")
        #expect(split.status == 0 && split.stdout == "4\n", "\(split)")

        let early = try space.render("join", "job", "-o", "joined.mp4")
        #expect(early.status == 1, "\(early)")
        #expect(early.stderr.contains("tasks 0, 1, 2, 3 have not written all their chunks and sound segments"), "\(early)")
        #expect(!space.exists("joined.mp4"))

        // As a Slurm array, a Kubernetes Indexed Job, AWS Batch and by hand.
        let runs: [(arguments: [String], environment: [String: String])] = [
            (["chunk", "job"], ["SLURM_ARRAY_TASK_ID": "3"]),
            (["chunk", "job"], ["JOB_COMPLETION_INDEX": "1"]),
            (["chunk", "job"], ["AWS_BATCH_JOB_ARRAY_INDEX": "0"]),
            (["chunk", "job", "--index", "2"], [:]),
        ]
        // The tone's 8 s are two sound segments, encoded by tasks 0 and 2.
        let sound = ["3": 0, "1": 0, "0": 1, "2": 1]
        for run in runs {
            let result = try CLI.run(run.arguments, in: space.url, environment: run.environment)
            let task = run.environment.values.first ?? "2"
            let segments = "\(sound[task] ?? -1) sound segment\(sound[task] == 1 ? "" : "s")"
            #expect(result.status == 0 && result.stderr == "task \(task): 1 chunk and \(segments) encoded\n", "\(result)")
        }
        // A scheduler's retry finds the task done.
        let again = try space.render("chunk", "job", "--index", "2")
        #expect(again.status == 0 && again.stderr == "task 2: 0 chunks and 0 sound segments encoded\n", "\(again)")

        let joined = try space.render("join", "job", "-o", "joined.mp4")
        #expect(joined.status == 0, "\(joined)")
        #expect(
            joined.stderr == "wrote \(space.url.standardizedFileURL.path)/joined.mp4 (200 frames; 4 chunks; 2 sound segments)\n")
        let single = try space.render("edit.yaml", "-o", "single.mp4", "--no-cache", "--progress", "none")
        #expect(single.status == 0, "\(single)")
        #expect(space.data("joined.mp4") == space.data("single.mp4"))
        #expect(try Tool.videoFacts(space.path("joined.mp4")).frames == 200)
    }

    /// The join copies the sound's packets as it copies the chunks': a sound
    /// segment missing from the job's cache stops it, naming the task to run again.
    @Test func aJobOfOneChunkSaysOneChunk() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "edit.yaml", "cutlist: 1\noutput: { size: 160x90, fps: 25 }\ntracks:\n  - items: [{ color: red, duration: 1s }]\n")
        #expect(try space.render("split", "edit.yaml", "-o", "job", "--tasks", "1").status == 0)
        #expect(try space.render("chunk", "job", "--index", "0").status == 0)
        let joined = try space.render("join", "job", "-o", "joined.mp4")
        #expect(joined.status == 0 && joined.stderr.hasSuffix("(25 frames; 1 chunk)\n"), "\(joined)")
    }

    @Test func theTasksEncodeTheSoundAndTheJoinOnlyCopiesIt() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Self.project)
        #expect(try space.render("split", "edit.yaml", "-o", "job", "--tasks", "2").status == 0)
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: space.data("job/manifest.json") ?? Data()) as? [String: Any])
        let fingerprints = try #require(manifest["sound"] as? [[String: Any]]).compactMap { $0["fingerprint"] as? String }
        #expect(fingerprints.count == 2 && manifest["soundTasks"] as? [[Int]] == [[0], [1]], "\(manifest)")
        for task in ["0", "1"] {
            let result = try space.render("chunk", "job", "--index", task)
            #expect(result.stderr == "task \(task): 2 chunks and 1 sound segment encoded\n", "\(result)")
        }
        let second = "job/cache/chunks/\(fingerprints[1].prefix(2))/\(fingerprints[1]).chunk"
        #expect(space.exists(second))
        try FileManager.default.removeItem(atPath: space.path(second))
        let early = try space.render("join", "job", "-o", "joined.mp4")
        #expect(
            early.status == 1
                && early.stderr
                    == "error: the job is not finished: task 1 has not written all its chunks and sound segments\n",
            "\(early)")
        #expect(!space.exists("joined.mp4") && !space.exists(second))
        let again = try space.render("chunk", "job", "--index", "1")
        #expect(again.stderr == "task 1: 0 chunks and 1 sound segment encoded\n", "\(again)")
        let joined = try space.render("join", "job", "-o", "joined.mp4")
        #expect(joined.status == 0 && joined.stderr.hasSuffix("(200 frames; 4 chunks; 2 sound segments)\n"), "\(joined)")
        #expect(try space.render("edit.yaml", "-o", "single.mp4", "--no-cache", "--progress", "none").status == 0)
        #expect(space.data("joined.mp4") == space.data("single.mp4"))
        // A segment damaged on the shared storage fails its checksum: the join encodes it again and says so.
        var damaged = try #require(space.data(second))
        damaged[damaged.count - 1] ^= 0xFF
        try damaged.write(to: URL(fileURLWithPath: space.path(second)))
        let repaired = try space.render("join", "job", "-o", "repaired.mp4")
        #expect(
            repaired.status == 0
                && repaired.stderr.hasSuffix(
                    "(200 frames; 4 chunks; 2 sound segments; encoded again, damaged in the job's cache: 1 sound segment)\n"),
            "\(repaired)")
        #expect(space.data("repaired.mp4") == space.data("single.mp4"))
    }

    @Test func aTaskKilledMidWayAndRunAgainGivesTheSameFile() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Self.project)
        #expect(try space.render("split", "edit.yaml", "-o", "job", "--tasks", "1").status == 0)
        // Killed without warning (a node lost) once its first chunk has landed.
        let task = try RunningCLI(["chunk", "job", "--index", "0"], in: space.url)
        let chunks = space.path("job/cache/chunks")
        let landed = task.waitUntil(timeout: 60) {
            ((try? FileManager.default.subpathsOfDirectory(atPath: chunks)) ?? []).contains { $0.hasSuffix(".chunk") }
        }
        kill(task.process.processIdentifier, SIGKILL)
        let killed = try task.wait(timeout: 10)
        try #require(landed && !killed.exited, "the task ended before it could be killed: \(killed)")
        let early = try space.render("join", "job", "-o", "joined.mp4")
        #expect(
            early.status == 1 && early.stderr.contains("task 0 has not written all its chunks and sound segments"),
            "\(early)")

        let again = try space.render("chunk", "job", "--index", "0")
        let encoded = again.stderr.firstMatch(of: /task 0: (\d) chunks? and/).flatMap { Int($0.1) }
        #expect(again.status == 0 && (1...3).contains(encoded ?? 0), "\(again)")
        #expect(try space.render("join", "job", "-o", "joined.mp4").status == 0)
        #expect(try space.render("edit.yaml", "-o", "single.mp4", "--no-cache", "--progress", "none").status == 0)
        #expect(space.data("joined.mp4") == space.data("single.mp4"))
    }

    @Test func tasksFindTheMediaWhereTheProjectIsMountedOnTheirMachine() throws {
        let space = try Workspace()
        defer { space.clean() }
        try FileManager.default.createDirectory(atPath: space.path("here"), withIntermediateDirectories: true)
        try space.makeClip("here/clip.mp4", seconds: 2)
        try space.write(
            "here/edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items:
                  - { source: clip.mp4, from: 0.2s, to: 1.8s, opacity: 0.5 }
            """)
        #expect(try space.render("split", "here/edit.yaml", "-o", "job", "--tasks", "1").status == 0)
        // The machine that runs the task mounts the project's folder elsewhere.
        try FileManager.default.moveItem(atPath: space.path("here"), toPath: space.path("there"))
        let lost = try space.render("chunk", "job", "--index", "0")
        #expect(lost.status == 1 && lost.stderr.contains("'\(space.path("here/clip.mp4"))' is not on this machine"), "\(lost)")
        let task = try space.render("chunk", "job", "--index", "0", "--root", "there")
        #expect(task.status == 0, "\(task)")
        #expect(try space.render("join", "job", "--root", "there", "-o", "joined.mp4").status == 0)
        #expect(try space.render("there/edit.yaml", "-o", "single.mp4", "--no-cache", "--progress", "none").status == 0)
        #expect(space.data("joined.mp4") == space.data("single.mp4"))
        #expect(try Tool.videoFacts(space.path("joined.mp4")).frames == 40)
    }

    @Test func aTaskThatDoesNotExistOrNoIndexIsAnError() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Self.project)
        #expect(try space.render("split", "edit.yaml", "-o", "job", "--tasks", "2").status == 0)
        let beyond = try space.render("chunk", "job", "--index", "5")
        #expect(beyond.status == 1 && beyond.stderr.contains("tasks 0 to 1, not 5"), "\(beyond)")
        let none = try space.render("chunk", "job")
        #expect(none.status == 2 && none.stderr.contains("SLURM_ARRAY_TASK_ID"), "\(none)")
        let noJob = try space.render("join", "nothing", "-o", "out.mp4")
        #expect(noJob.status == 1 && noJob.stderr.contains("no manifest.json"), "\(noJob)")
    }

    @Test func theJoinNeverOverwritesTheProjectsMediaOrTheJobsOwnFiles() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.makeClip("clip.mp4")
        try space.write(
            "edit.yaml",
            """
            cutlist: 1
            output: { size: 160x90, fps: 25 }
            tracks:
              - items: [{ source: clip.mp4, opacity: 0.5 }]
            """)
        #expect(try space.render("split", "edit.yaml", "-o", "job", "--tasks", "1").status == 0)
        #expect(try space.render("chunk", "job", "--index", "0").status == 0)
        let clip = space.data("clip.mp4")
        let manifest = space.data("job/manifest.json")
        let chunk = try #require(
            try FileManager.default.subpathsOfDirectory(atPath: space.path("job/cache/chunks")).first { $0.hasSuffix(".chunk") })
        let chunkBytes = space.data("job/cache/chunks/" + chunk)
        let root = space.url.standardizedFileURL.path
        for (output, says) in [
            ("clip.mp4", "error: the output '\(root)/clip.mp4' is one of the project's inputs; choose another path with -o\n"),
            (
                "job/manifest.json",
                "error: the output '\(root)/job/manifest.json' is one of the job's own files; "
                    + "choose a path outside '\(root)/job/cache' and other than its manifest with -o\n"
            ),
            (
                "job/cache/chunks/" + chunk,
                "error: the output '\(root)/job/cache/chunks/\(chunk)' is one of the job's own files; "
                    + "choose a path outside '\(root)/job/cache' and other than its manifest with -o\n"
            ),
        ] {
            let result = try space.render("join", "job", "-o", output)
            #expect(result.status == 2 && result.stderr == says, "\(output): \(result)")
        }
        #expect(space.data("clip.mp4") == clip && space.data("job/manifest.json") == manifest)
        #expect(space.data("job/cache/chunks/" + chunk) == chunkBytes)
        let joined = try space.render("join", "job", "-o", "job/out.mp4")
        #expect(joined.status == 0, "\(joined)")
        #expect(try Tool.videoFacts(space.path("job/out.mp4")).frames == 25)
    }

    /// Machines sharing a folder each sweep only their own abandoned temporary
    /// files: another machine's process ids mean nothing here.
    @Test func aMachineRemovesOnlyItsOwnAbandonedTemporaryFiles() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write(
            "long.yaml",
            """
            cutlist: 1
            output: { size: 640x360, fps: 25 }
            tracks:
              - items: [{ pattern: counter, duration: 20s }]
            """)
        // Machine A's render is writing its output when the node is lost.
        let onA = try RunningCLI(
            ["long.yaml", "--no-cache", "--jobs", "1", "--progress", "json"], in: space.url,
            environment: ["CUTLIST_HOST": "node-a"])
        let started = onA.waitUntil(timeout: 120) { onA.stdoutSoFar.contains("\"frame\":1") }
        kill(onA.process.processIdentifier, SIGKILL)
        _ = try onA.wait(timeout: 30)
        try #require(started, "A's render did not start")
        let left = space.listing().filter { $0.hasPrefix(".long.partial-") && $0.hasSuffix(".mp4") }
        let partial = try #require(left.first, "\(space.listing())")
        #expect(partial.hasPrefix(".long.partial-node_a-"))
        // As machine A would leave a chunk half-written in a job's shared cache.
        try space.write("job.yaml", ChunkCacheCLITests.edit)
        #expect(try space.render("split", "job.yaml", "-o", "job", "--tasks", "1").status == 0)
        let tag = partial.dropFirst(".long.".count).dropLast(".mp4".count)
        let chunkOfA = "job/cache/tmp/" + String(repeating: "0", count: 64) + "." + tag
        try space.write(chunkOfA, "half a chunk")

        let onB: [String: String] = ["CUTLIST_HOST": "node-b"]
        let task = try CLI.run(["chunk", "job", "--index", "0"], in: space.url, environment: onB)
        #expect(task.status == 0, "\(task)")
        let rendered = try CLI.run(
            ["long.yaml", "--range", "0s..0.04s", "--no-cache", "--quiet"], in: space.url, environment: onB)
        #expect(rendered.status == 0, "\(rendered)")
        #expect(space.exists(chunkOfA) && space.exists(partial), "B left A's files alone")

        let onAAgain: [String: String] = ["CUTLIST_HOST": "node-a"]
        #expect(try CLI.run(["chunk", "job", "--index", "0"], in: space.url, environment: onAAgain).status == 0)
        #expect(!space.exists(chunkOfA), "A's own abandoned chunk is gone")
        #expect(
            try CLI.run(["long.yaml", "--range", "0s..0.04s", "--no-cache", "--quiet"], in: space.url, environment: onAAgain)
                .status == 0)
        #expect(space.listing().filter { $0.hasPrefix(".long.partial-") }.isEmpty, "\(space.listing())")
    }

    /// A job folder on shared storage may be half-copied or edited by hand:
    /// a manifest that is valid JSON but contradicts its own plan is an error
    /// naming the key, never a crash or a render that runs for ever.
    @Test func aManifestThatContradictsItsPlanNamesTheKeyAtFault() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Self.project)
        #expect(try space.render("split", "edit.yaml", "-o", "job", "--tasks", "2").status == 0)
        let original = try #require(space.data("job/manifest.json"))
        typealias Edit = (inout [String: Any]) -> Void
        func output(_ edit: @escaping (inout [String: Any]) -> Void) -> Edit {
            { manifest in
                var plan = manifest["plan"] as? [String: Any] ?? [:]
                var output = plan["output"] as? [String: Any] ?? [:]
                edit(&output)
                plan["output"] = output
                manifest["plan"] = plan
            }
        }
        func firstChunk(_ edit: @escaping (inout [String: Any]) -> Void) -> Edit {
            { manifest in
                var chunks = manifest["chunks"] as? [[String: Any]] ?? []
                edit(&chunks[0])
                manifest["chunks"] = chunks
            }
        }
        let cases: [(edit: Edit, key: String)] = [
            ({ $0["tasks"] = [[0, 99], [2, 3]] }, "tasks[0][1]: 99 is not a chunk of the job, which has chunks 0 to 3"),
            ({ $0["tasks"] = [[-1], [2, 3]] }, "tasks[0][0]: -1 is not a chunk of the job, which has chunks 0 to 3"),
            ({ $0["chunks"] = [] }, "chunks: the chunks cover frames 0..<0, not the plan's 200"),
            ({ $0["soundTasks"] = [[0], [7]] }, "soundTasks[1][0]: 7 is not a sound segment of the job, which has 2"),
            ({ $0["soundTasks"] = [[0, 1]] }, "soundTasks: the job has 2 tasks, not 1"),
            (output { $0["frameCount"] = -5 }, "plan.output.frameCount: -5 frames, but the plan's segments cover 200"),
            (
                output { $0["frameCount"] = 1e15 },
                "plan.output.frameCount: 1000000000000000 frames, but the plan's segments cover 200"
            ),
            (
                output { $0["fps"] = ["rate": ["numerator": 0, "denominator": 1]] },
                "plan.output.fps: a frame rate must be more than 0, not 0/1"
            ),
            (
                firstChunk { $0["frames"] = [0, 9_223_372_036_854_775_807] },
                "chunks[0].frames: 0..<9223372036854775807 does not go on from frame 0 inside the plan's 200 frames"
            ),
            (firstChunk { $0["frames"] = [0, "fifty"] }, "chunks[0].frames[1]: the value is not a whole number"),
        ]
        let manifest = space.path("job/manifest.json")
        for (edit, key) in cases {
            var object = try #require(try JSONSerialization.jsonObject(with: original) as? [String: Any])
            edit(&object)
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: manifest))
            for arguments in [["chunk", "job", "--index", "0"], ["join", "job", "-o", "out.mp4"]] {
                let result = try CLI.run(arguments, in: space.url, timeout: 30)
                #expect(result.exited && result.status == 1, "\(key) \(arguments): \(result)")
                #expect(
                    result.stderr
                        == "error: the job's manifest '\(manifest)' is damaged at \(key); make the job again with render split\n",
                    "\(result)")
            }
        }
        #expect(!space.exists("out.mp4"))
    }

    /// A job folder made by another version of Cutlist is said to be one, with
    /// what to do, before any of its keys is read: a manifest of format 2 may
    /// lack keys of this one's plan, and is not damaged.
    @Test func aJobMadeByAnotherVersionOfCutlistSaysSo() throws {
        let space = try Workspace()
        defer { space.clean() }
        try space.write("edit.yaml", Self.project)
        #expect(try space.render("split", "edit.yaml", "-o", "job", "--tasks", "2").status == 0)
        let manifest = space.path("job/manifest.json")
        let job = space.url.standardizedFileURL.path + "/job"
        let original = try #require(space.data("job/manifest.json"))
        let cases = [
            (
                "cutlist-job 2",
                "error: the job in '\(job)' was made by an older version of Cutlist (its manifest's format is "
                    + "'cutlist-job 2', this renderer reads 'cutlist-job 3'); make the job again with render split\n"
            ),
            (
                "cutlist-job 4",
                "error: the job in '\(job)' was made by a newer version of Cutlist (its manifest's format is "
                    + "'cutlist-job 4', this renderer reads 'cutlist-job 3'); run its tasks and join with that version, "
                    + "or make the job again with this one's render split\n"
            ),
            (
                "edl 7",
                "error: the job in '\(job)' is not one this renderer reads: its manifest's format is 'edl 7', "
                    + "this renderer reads 'cutlist-job 3'\n"
            ),
        ]
        for (format, message) in cases {
            var object = try #require(try JSONSerialization.jsonObject(with: original) as? [String: Any])
            object["format"] = format
            object["soundTasks"] = nil
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: manifest))
            for arguments in [["chunk", "job", "--index", "0"], ["join", "job", "-o", "out.mp4"]] {
                let result = try CLI.run(arguments, in: space.url, timeout: 30)
                #expect(result.exited && result.status == 1 && result.stderr == message, "\(format) \(arguments): \(result)")
            }
        }
        #expect(!space.exists("out.mp4"))
    }
}
