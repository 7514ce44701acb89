public enum ProjectSchema { public static let json = "{}\n" }
