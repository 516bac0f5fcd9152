"""Outputs are written whole or not at all, with the mode the umask gives a new file, and an output that cannot be
written is a located IO009, not a traceback."""

from __future__ import annotations

import os
import stat

from shipyard.core.files import atomic_path, check_writable, write_output, write_text_atomic


def test_an_output_gets_the_umask_mode(tmp_path):
    previous = os.umask(0o027)
    try:
        target = tmp_path / "ships.csv"
        write_text_atomic(target, lambda stream: stream.write("file,ship\n"))
    finally:
        os.umask(previous)
    assert stat.S_IMODE(target.stat().st_mode) == 0o640  # 0666 less 027; a bare temporary file would be 0600
    assert target.read_text() == "file,ship\n"


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "report.xlsx"
    target.write_text("old")
    try:
        with atomic_path(target, suffix=".xlsx") as temporary:
            temporary.write_text("half")
            raise RuntimeError("the writer failed")
    except RuntimeError:
        pass
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["report.xlsx"]


def test_an_unwritable_folder_is_io009(tmp_path):
    target = tmp_path / "missing" / "report.xlsx"
    problem = check_writable(target)
    assert problem is not None and problem.code == "IO009"
    assert problem.format() == (
        f"{target}:1:1: error: IO009 cannot write the output: the folder {target.parent} "
        "does not exist or is not writable"
    )
    assert write_output(target, lambda: None) == problem
    assert write_output(tmp_path / "fine.txt", lambda: (tmp_path / "fine.txt").write_text("x")) is None
