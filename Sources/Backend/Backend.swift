import Compiler
