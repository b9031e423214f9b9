"""Royal Secrets tests: a package, so its helper modules never clash with another game's."""
