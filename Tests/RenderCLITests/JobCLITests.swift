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
        #expect(early.stderr.contains("tasks 0, 1, 2, 3 have not written all their chunks"), "\(early)")
        #expect(!space.exists("joined.mp4"))

        // As a Slurm array, a Kubernetes Indexed Job, AWS Batch and by hand.
        let runs: [(arguments: [String], environment: [String: String])] = [
            (["chunk", "job"], ["SLURM_ARRAY_TASK_ID": "3"]),
            (["chunk", "job"], ["JOB_COMPLETION_INDEX": "1"]),
            (["chunk", "job"], ["AWS_BATCH_JOB_ARRAY_INDEX": "0"]),
            (["chunk", "job", "--index", "2"], [:]),
        ]
        for run in runs {
            let result = try CLI.run(run.arguments, in: space.url, environment: run.environment)
            #expect(result.status == 0 && result.stderr.hasSuffix("1 chunk encoded\n"), "\(result)")
        }
        // A scheduler's retry finds the task done.
        let again = try space.render("chunk", "job", "--index", "2")
        #expect(again.status == 0 && again.stderr == "task 2: 0 chunks encoded\n", "\(again)")

        let joined = try space.render("join", "job", "-o", "joined.mp4")
        #expect(joined.status == 0, "\(joined)")
        let single = try space.render("edit.yaml", "-o", "single.mp4", "--no-cache", "--progress", "none")
        #expect(single.status == 0, "\(single)")
        #expect(space.data("joined.mp4") == space.data("single.mp4"))
        #expect(try Tool.videoFacts(space.path("joined.mp4")).frames == 200)
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
}
