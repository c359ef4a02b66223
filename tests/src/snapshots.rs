//! The snapshot corpus, compiled. Each file is the single-file output for one corpus folder.
