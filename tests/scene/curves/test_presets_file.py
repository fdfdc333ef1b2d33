"""The presets file as a hostile user treats it: files we could not read, crashes mid-save, links,
permissions, huge and deeply nested files, presets that are valid JSON but not valid curves; and
the command line's screenshot option, which must never empty a file it cannot write."""

import json
import os
import stat
import subprocess
import sys

import pytest

from scene.curves import presets
from scene.curves.user_presets import FORMAT, MAX_FILE_BYTES, MAX_PRESETS, VERSION, PresetsFile
from tests.scene.helpers import FRAME_RATE, press
from tests.scene.test_main import run_main

EDITED_POINTS = ((-7.0, -3.0, 2.0), (-2.0, 7.0, 4.5), (2.0, -7.0, 0.0), (6.0, 2.0, 3.0))


def presets_text(trajectories=(), velocities=(), version=VERSION):
    return json.dumps(
        {
            "format": FORMAT,
            "version": version,
            "trajectories": list(trajectories),
            "velocities": list(velocities),
        }
    )


def bezier_entry(name, points=EDITED_POINTS):
    return {"name": name, "kind": "bezier", "points": [list(p) for p in points]}


def load(path):
    presets_file = PresetsFile(path)
    trajectories, velocities = presets_file.load(presets.TRAJECTORIES, presets.VELOCITIES)
    return presets_file, trajectories, velocities


def save_an_edit(presets_file, trajectories, velocities):
    edited = [trajectories[0].with_points(EDITED_POINTS), *trajectories[1:]]
    return presets_file.save(edited, velocities, presets.TRAJECTORIES, presets.VELOCITIES)


REFUSED_FILES = {
    "a newer version": presets_text([bezier_entry("mine")], version=2),
    "one bad entry among good ones": presets_text(
        [bezier_entry("mine"), {"name": "broken", "kind": "bezier", "points": [[0, 0, 0]]}]
    ),
    "a trailing comma": presets_text([bezier_entry("mine")])[:-1] + ",}",
    "four equal points": presets_text([bezier_entry("S-bend", [(1.0, 1.0, 1.0)] * 4)]),
    "four equal points under a new name": presets_text([bezier_entry("mine", [(1.0, 1.0, 1.0)] * 4)]),
    "coordinates of 1e300": presets_text([bezier_entry("S-bend", [(1e300 * k, 0.0, 0.0) for k in range(4)])]),
    "nested 5,000 deep": '{"format": "'
    + FORMAT
    + '", "version": 1, "trajectories": '
    + "[" * 5000
    + "]" * 5000
    + "}",
    "a 400-digit integer": presets_text([bezier_entry("mine")]).replace("-7.0", "1" * 400),
    "a 400-digit version": presets_text([bezier_entry("mine")]).replace(
        '"version": 1', '"version": ' + "9" * 400
    ),
    "infinity": presets_text([bezier_entry("mine")]).replace("-7.0", "Infinity"),
    "a velocity whose time runs backwards": presets_text(
        velocities=[{"name": "CSS ease", "controls": [[0.5, 0.1], [1.7, 1.0]]}]
    ),
    "a velocity that leaves [0, 1] between its samples": presets_text(
        velocities=[{"name": "mine", "controls": [[0.3, -2e-4], [0.7, 1.0]]}]
    ),
    "controls that are not pairs": presets_text(
        velocities=[{"name": "mine", "controls": [[0.3], [0.7, 1.0]]}]
    ),
    "a name that is not text": presets_text([{**bezier_entry("x"), "name": ["S-bend"]}]),
    "two presets of one name": presets_text([bezier_entry("mine"), bezier_entry("mine")]),
    "too many presets": presets_text([bezier_entry(f"mine {k}") for k in range(MAX_PRESETS + 1)]),
    "an entry that is not an object": presets_text(["S-bend"]),
    "text that is not UTF-8": b"\xff\xfe not text",
}


@pytest.mark.parametrize("case", sorted(REFUSED_FILES))
def test_a_refused_file_is_reported_left_alone_and_saving_goes_beside_it(tmp_path, case):
    path = tmp_path / "presets.json"
    content = REFUSED_FILES[case]
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    before = path.read_bytes()
    presets_file, trajectories, velocities = load(path)
    assert presets_file.problem is not None and "was not loaded" in presets_file.problem
    assert "\n" not in presets_file.problem and len(presets_file.problem) < 400
    assert trajectories == presets.TRAJECTORIES and velocities == presets.VELOCITIES
    saved = save_an_edit(presets_file, trajectories, velocities)
    assert path.read_bytes() == before
    assert saved.path != path and saved.path.parent == path.parent and saved.beside
    assert json.loads(saved.path.read_text())["trajectories"][0]["points"][0] == [-7.0, -3.0, 2.0]
    again = save_an_edit(presets_file, trajectories, velocities)
    assert again.path == saved.path  # later saves reuse the file beside, they do not pile up


def test_a_file_that_cannot_be_read_is_never_replaced(tmp_path, monkeypatch):
    """A mode-000 file (root reads it anyway, so the refusal to read is simulated)."""
    path = tmp_path / "presets.json"
    path.write_text(presets_text([bezier_entry("mine")]))
    path.chmod(0)
    real_read_bytes = type(path).read_bytes

    def refuse(self):
        if self.name == "presets.json":
            raise PermissionError(13, "Permission denied")
        return real_read_bytes(self)

    monkeypatch.setattr(type(path), "read_bytes", refuse)
    presets_file, trajectories, velocities = load(path)
    assert "Permission denied" in presets_file.problem
    saved = save_an_edit(presets_file, trajectories, velocities)
    monkeypatch.undo()
    assert saved.path != path
    assert stat.S_IMODE(path.stat().st_mode) == 0
    assert json.loads(path.read_text())["trajectories"][0]["name"] == "mine"


def test_a_file_changed_since_it_was_read_is_not_overwritten(tmp_path):
    path = tmp_path / "presets.json"
    path.write_text(presets_text([bezier_entry("mine")]))
    presets_file, trajectories, velocities = load(path)
    assert presets_file.problem is None
    path.write_text(presets_text([bezier_entry("theirs")]))  # another copy of the app saved meanwhile
    saved = save_an_edit(presets_file, trajectories, velocities)
    assert "changed" in saved.beside
    assert json.loads(path.read_text())["trajectories"][0]["name"] == "theirs"


def test_a_good_file_is_replaced_and_keeps_its_presets(tmp_path):
    path = tmp_path / "presets.json"
    path.write_text(presets_text([bezier_entry("mine")]))
    presets_file, trajectories, velocities = load(path)
    assert [p.name for p in trajectories][-1] == "mine"
    saved = save_an_edit(presets_file, trajectories, velocities)
    assert saved.path == path and saved.beside is None and saved.count == 2
    names = [entry["name"] for entry in json.loads(path.read_text())["trajectories"]]
    assert names == ["S-bend", "mine"]
    assert save_an_edit(presets_file, trajectories, velocities).path == path  # and again


def test_the_most_presets_allowed_load(tmp_path):
    path = tmp_path / "presets.json"
    path.write_text(presets_text([bezier_entry(f"mine {k}") for k in range(MAX_PRESETS)]))
    presets_file, trajectories, _ = load(path)
    assert presets_file.problem is None
    assert len(trajectories) == len(presets.TRAJECTORIES) + MAX_PRESETS


def test_a_huge_file_is_refused_unread(tmp_path, monkeypatch):
    path = tmp_path / "presets.json"
    path.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    monkeypatch.setattr(json, "loads", lambda *_: pytest.fail("a huge file was parsed"))
    presets_file, _, _ = load(path)
    assert "at most" in presets_file.problem


def test_a_save_keeps_the_permissions_of_the_file(tmp_path):
    path = tmp_path / "presets.json"
    path.write_text(presets_text())
    path.chmod(0o600)
    presets_file, trajectories, velocities = load(path)
    save_an_edit(presets_file, trajectories, velocities)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_save_follows_a_symbolic_link(tmp_path):
    real = tmp_path / "dotfiles" / "presets.json"
    real.parent.mkdir()
    real.write_text(presets_text())
    link = tmp_path / "presets.json"
    link.symlink_to(real)
    presets_file, trajectories, velocities = load(link)
    save_an_edit(presets_file, trajectories, velocities)
    assert link.is_symlink()
    assert json.loads(real.read_text())["trajectories"][0]["points"][0] == [-7.0, -3.0, 2.0]
    assert list(tmp_path.glob(".*.tmp")) == [] and list(real.parent.glob(".*.tmp")) == []


def test_a_save_fsyncs_the_folder_after_the_rename(tmp_path, monkeypatch):
    synced = []
    real_fsync = os.fsync

    def record(fd):
        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", record)
    presets_file, trajectories, velocities = load(tmp_path / "presets.json")
    save_an_edit(presets_file, trajectories, velocities)
    assert synced == [False, True]  # the file's data, then the folder holding the new name


def test_files_left_by_a_killed_save_are_removed(tmp_path):
    path = tmp_path / "presets.json"
    killed = subprocess.Popen([sys.executable, "-c", "pass"])
    killed.wait()
    stale = tmp_path / f".presets.json.{killed.pid}.tmp"
    stale.write_text("half a file")
    running = tmp_path / f".presets.json.{os.getppid()}.tmp"  # a live process may be saving right now
    running.write_text("being written")
    other = tmp_path / f".other.json.{killed.pid}.tmp"
    other.write_text("not ours")
    presets_file, trajectories, velocities = load(path)
    assert not stale.exists()
    stale.write_text("half a file")
    save_an_edit(presets_file, trajectories, velocities)
    assert not stale.exists() and running.exists() and other.exists()


def test_the_s_key_says_where_it_saved_when_the_file_is_kept(presets_file):
    from scene.app import SceneApp

    presets_file.parent.mkdir(parents=True)
    presets_file.write_text(REFUSED_FILES["one bad entry among good ones"])
    before = presets_file.read_bytes()
    app = SceneApp("curves", presets_file, window_type="offscreen", frame_rate=FRAME_RATE)
    try:
        app.mode.edits.move_point(0, EDITED_POINTS[0])
        press(app, "s")
        message = app.messages.current
        assert (
            "Saved 1 edited curve" in message and "kept as it is" in message and "presets.saved-" in message
        )
        assert presets_file.read_bytes() == before
    finally:
        app.destroy()


def test_bad_presets_never_crash_the_start_or_a_key(tmp_path):
    """Under a built-in's name a bad preset crashed at start; under a new name, when its key was pressed."""
    for case in ("four equal points", "four equal points under a new name", "coordinates of 1e300"):
        path = tmp_path / f"{case}.json"
        path.write_text(REFUSED_FILES[case])
        result = run_main("--offscreen", "--frames", "2", "--presets", str(path))
        assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
        assert "was not loaded" in result.stderr


@pytest.mark.parametrize("name", ["shot.jpg", "shot", "presets.json"])
def test_a_screenshot_that_is_not_a_png_is_refused_and_touches_nothing(tmp_path, name):
    target = tmp_path / name
    target.write_text("precious")
    result = run_main("--offscreen", "--frames", "1", "--screenshot", str(target))
    assert result.returncode == 2 and "must name a .png file" in result.stderr
    assert "Traceback" not in result.stderr
    assert target.read_text() == "precious"


def test_a_screenshot_that_cannot_be_written_leaves_the_old_one(tmp_path, monkeypatch):
    import panda3d.core

    from main import save_screenshot

    missing = tmp_path / "no such folder" / "shot.png"
    result = run_main("--offscreen", "--frames", "1", "--screenshot", str(missing))
    assert result.returncode == 2 and "no folder" in result.stderr and "Traceback" not in result.stderr

    class FailingImage:  # Panda3D's writer fails after opening (and emptying) its file
        def remove_alpha(self):
            pass

        def write(self, filename):
            with open(filename.to_os_specific(), "wb"):
                return False

    class FailingWindow:
        def get_screenshot(self, image):
            return True

    monkeypatch.setattr(panda3d.core, "PNMImage", FailingImage)

    class App:
        win = FailingWindow()

    target = tmp_path / "shot.png"
    target.write_bytes(b"an old picture")
    assert not save_screenshot(App(), target)
    assert target.read_bytes() == b"an old picture"
    assert [p.name for p in tmp_path.iterdir()] == ["shot.png"]
