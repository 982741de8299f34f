import Glibc
import SkyInterpreter

exit(SkyshellMain.run(CommandLine.arguments, environment: SkyshellMain.processEnvironment))
