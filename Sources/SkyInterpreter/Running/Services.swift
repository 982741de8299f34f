/// Connects the domain services to a shell: the catalog's place resolver and completion,
/// the stores each service keeps. Services add their parts here as they arrive.
enum Services {
    static func attach(to shell: Shell) {}
}
