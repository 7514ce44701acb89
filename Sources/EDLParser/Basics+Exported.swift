// The vocabulary every module that reads a project speaks (exact numbers and
// times, places in files, diagnostics) comes with the parser.
@_exported import Basics
