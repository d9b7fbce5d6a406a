// The server's tests come with it.
