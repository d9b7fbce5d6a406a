// The server on the event loop comes in the next commit.
