"""The presets file as a hostile user treats it: files we could not read, crashes mid-save, links,
permissions, huge and deeply nested files, presets that are valid JSON but not valid curves; and
the command line's screenshot option, which must never empty a file it cannot write."""

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scene.curves import presets, user_presets
from scene.curves.user_presets import FORMAT, MAX_FILE_BYTES, MAX_PRESETS, VERSION, PresetsFile
from scene.kit import user_files
from tests.budget import scaled
from tests.scene.helpers import FRAME_RATE, move_point, press
from tests.scene.test_main import run_main
from trajectory import Spline
from trajectory.curves import TangentMode, spline_data

EDITED_POINTS = ((-7.0, -3.0, 2.0), (-2.0, 7.0, 4.5), (2.0, -7.0, 0.0), (6.0, 2.0, 3.0))


def presets_text(trajectories=(), velocities=(), version=VERSION, allow_nan=False):
    return json.dumps(
        {
            "format": FORMAT,
            "version": version,
            "trajectories": list(trajectories),
            "velocities": list(velocities),
        },
        allow_nan=allow_nan,
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
    "a trailing comma": presets_text([bezier_entry("mine")])[:-1] + ",}",
    "nested 5,000 deep": '{"format": "'
    + FORMAT
    + '", "version": 1, "trajectories": '
    + "[" * 5000
    + "]" * 5000
    + "}",
    "a 400-digit version": presets_text([bezier_entry("mine")]).replace(
        '"version": 1', '"version": ' + "9" * 400
    ),
    "a 5,000-digit integer": presets_text([bezier_entry("mine")]).replace("-7.0", "1" * 5000),
    "trajectories that are not a list": presets_text().replace('"trajectories": []', '"trajectories": 3'),
    "text that is not UTF-8": b"\xff\xfe not text",
}
"""Files refused whole: nothing in them can be read as presets."""

GOOD = bezier_entry("mine")
SKIPPED_ENTRIES = {
    "a curve of one point": {"name": "broken", "kind": "bezier", "points": [[0, 0, 0]]},
    "four equal points": bezier_entry("S-bend", [(1.0, 1.0, 1.0)] * 4),
    "four equal points under a new name": bezier_entry("flat", [(1.0, 1.0, 1.0)] * 4),
    "coordinates of 1e300": bezier_entry("S-bend", [(1e300 * k, 0.0, 0.0) for k in range(4)]),
    "a 400-digit integer": {**bezier_entry("big"), "points": [[int("1" * 400), 0, 0], *EDITED_POINTS[1:]]},
    "infinity": {**bezier_entry("far"), "points": [[float("inf"), 0, 0], *EDITED_POINTS[1:]]},
    "a name that is not text": {**bezier_entry("x"), "name": ["S-bend"]},
    "a name with a tab": bezier_entry("my\tcurve"),
    "points as text": {**bezier_entry("texts"), "points": [["-7", "-3", "2"], *EDITED_POINTS[1:]]},
    "a second of one name": bezier_entry("mine", EDITED_POINTS[::-1]),
    "an entry that is not an object": "S-bend",
    "a spline whose aligned knot strays": {
        "name": "strays",
        "kind": "knots",
        "spline": {
            "format": "curves-in-motion spline",
            "version": 1,
            "name": "strays",
            "closed": False,
            "knots": [[0, 0, 0], [1, 0, 0], [2, 1, 0]],
            "tangents": [[[0, 0, 0], [0.3, 0, 0]], [[-0.3, 0.1, 0], [0.3, 0, 0]], [[0, 0, 0], [0, 0, 0]]],
            "modes": ["broken", "aligned", "broken"],
            "tilts": [0, 0, 0],
        },
    },
}
"""Entries skipped while the file's other presets load."""
SKIPPED_VELOCITIES = {
    "a velocity whose time runs backwards": {"name": "CSS ease", "controls": [[0.5, 0.1], [1.7, 1.0]]},
    "a velocity that leaves [0, 1] between its samples": {
        "name": "v",
        "controls": [[0.3, -2e-4], [0.7, 1.0]],
    },
    "controls that are not pairs": {"name": "v", "controls": [[0.3], [0.7, 1.0]]},
    "controls as text": {"name": "v", "controls": [["0.3", "0.1"], [0.7, 1.0]]},
    "keys of true and false": {"name": "v", "keys": [[0, 0], [True, False], [1, 1]]},
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


@pytest.mark.parametrize("case", sorted(SKIPPED_ENTRIES) + sorted(SKIPPED_VELOCITIES))
def test_a_bad_entry_is_skipped_the_good_ones_load_and_the_file_is_kept_beside(tmp_path, case):
    """One bad entry among good ones: the good ones load, one line names the skipped one and
    why, the file is untouched and copied beside it, and a save (which drops the bad entry from
    the file) loses nothing: the copy still holds it."""
    path = tmp_path / "presets.json"
    trajectories = [GOOD, SKIPPED_ENTRIES[case]] if case in SKIPPED_ENTRIES else [GOOD]
    velocities = [SKIPPED_VELOCITIES[case]] if case in SKIPPED_VELOCITIES else []
    content = presets_text(trajectories, velocities, allow_nan=True).encode()
    path.write_bytes(content)
    presets_file, loaded, _ = load(path)
    assert [p.name for p in loaded[len(presets.TRAJECTORIES) :]] == ["mine"]
    assert loaded[-1].points == EDITED_POINTS
    problem = presets_file.problem
    assert problem.startswith(f"presets file {path}: 1 preset skipped (") and "\n" not in problem
    assert "\t" not in problem and len(problem) < 400
    assert path.read_bytes() == content
    assert presets_file.backup.read_bytes() == content and presets_file.backup.parent == path.parent
    assert presets_file.backup.name in problem
    saved = save_an_edit(presets_file, loaded, presets.VELOCITIES)
    assert saved.path == path and saved.beside is None
    assert presets_file.backup.read_bytes() == content
    again, _, _ = load(path)
    assert again.problem is None and again.backup is None


def test_presets_past_the_most_allowed_are_skipped_and_counted(tmp_path):
    path = tmp_path / "presets.json"
    path.write_text(presets_text([bezier_entry(f"mine {k}") for k in range(MAX_PRESETS + 7)]))
    presets_file, loaded, _ = load(path)
    assert len(loaded) == len(presets.TRAJECTORIES) + MAX_PRESETS
    assert "7 presets skipped" in presets_file.problem and "and 4 more" in presets_file.problem


def test_a_start_that_skips_again_makes_no_second_copy(tmp_path):
    path = tmp_path / "presets.json"
    path.write_text(presets_text([GOOD, SKIPPED_ENTRIES["a curve of one point"]]))
    first, _, _ = load(path)
    second, _, _ = load(path)
    assert first.backup == second.backup
    assert len(list(tmp_path.iterdir())) == 2


def test_a_curve_opened_twice_is_saved_under_two_names_and_both_load(tmp_path):
    """The same file opened in two sessions, each saving: the second's name is made unique
    (a presets file holds one preset of a name)."""
    path = tmp_path / "presets.json"
    spline = Spline([[0, 0, 0], [3, 1, 0], [5, -2, 1]])
    for _ in range(2):
        presets_file, trajectories, velocities = load(path)
        name = user_presets.fitting_name("opened: my\tcurve", {p.name for p in trajectories})
        trajectories.append(presets.TrajectoryPreset(name, "knots", spline=spline))
        presets_file.save(trajectories, velocities, presets.TRAJECTORIES, presets.VELOCITIES)
    presets_file, trajectories, _ = load(path)
    assert presets_file.problem is None
    assert [p.name for p in trajectories[len(presets.TRAJECTORIES) :]] == [
        "opened: my curve",
        "opened: my curve (2)",
    ]


@pytest.mark.parametrize(
    ("name", "taken", "expected"),
    [
        ("a\nb\tc", set(), "a b c"),
        ("\t\n", set(), "curve"),
        ("x" * 60, set(), "x" * user_presets.MAX_NAME_LENGTH),
        ("x" * 60, {"x" * user_presets.MAX_NAME_LENGTH}, "x" * (user_presets.MAX_NAME_LENGTH - 4) + " (2)"),
        ("mine", {"mine", "mine (2)"}, "mine (3)"),
    ],
)
def test_a_name_is_made_one_the_file_takes(name, taken, expected):
    assert user_presets.fitting_name(name, taken) == expected


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

    def refuse_to_open(name, *args, **kwargs):
        if Path(name).name == "presets.json":
            raise PermissionError(13, "Permission denied")
        return open(name, *args, **kwargs)

    monkeypatch.setattr(type(path), "read_bytes", refuse)
    monkeypatch.setattr(user_files, "open", refuse_to_open, raising=False)
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
    assert "larger than the 4,000,000 bytes" in presets_file.problem


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
    assert list(tmp_path.glob(".*.tmp*")) == [] and list(real.parent.glob(".*.tmp*")) == []


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
    presets_file.write_text(REFUSED_FILES["a trailing comma"])
    before = presets_file.read_bytes()
    app = SceneApp("curves", presets_file, window_type="offscreen", frame_rate=FRAME_RATE)
    try:
        move_point(app.mode, 0, EDITED_POINTS[0])
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
        path.write_text(presets_text([GOOD, SKIPPED_ENTRIES[case]]))
        result = run_main("--offscreen", "--frames", "2", "--presets", str(path))
        assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
        assert "1 preset skipped" in result.stderr


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

    from scene.cli import save_screenshot

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


_COORDINATE = st.floats(-60, 60, allow_nan=False)
_POINT = st.tuples(_COORDINATE, _COORDINATE, _COORDINATE)
_EDITS = st.one_of(
    st.tuples(st.just("insert"), st.floats(0, 1)),
    st.tuples(
        st.just("insert near a knot"), st.integers(1, 30), st.sampled_from([1e-12, 1e-9, -1e-9, -1e-12])
    ),
    st.tuples(st.just("add"), _POINT, st.booleans()),
    st.tuples(st.just("remove"), st.integers(0, 30)),
    st.tuples(st.just("move"), st.integers(0, 30), _POINT),
    st.tuples(st.just("move_tangent"), st.integers(0, 30), st.sampled_from(["in", "out"]), _POINT),
    st.tuples(st.just("set_mode"), st.integers(0, 30), st.sampled_from(list(TangentMode))),
    st.tuples(st.just("set_tilt"), st.integers(0, 30), st.floats(-7, 7)),
    st.tuples(st.just("close"), st.booleans()),
)


def _edited(spline, edit):
    """``spline`` with ``edit`` made, or as it was where the spline refuses the edit."""
    kind, *args = edit
    count = len(spline.knots)
    try:
        if kind == "insert":
            spline.insert(args[0])
        elif kind == "insert near a knot":
            segments = count if spline.closed else count - 1
            spline.insert(args[0] % segments / segments + args[1])
        elif kind == "add":
            spline.add(args[0], at_start=args[1])
        elif kind == "remove":
            spline.remove(args[0] % count)
        elif kind == "close":
            spline.closed = args[0]
        else:
            getattr(spline, kind)(args[0] % count, *args[1:])
    except ValueError:
        pass


@settings(max_examples=scaled(60), deadline=None)
@given(
    st.lists(_POINT, min_size=2, max_size=6, unique=True),
    st.lists(_EDITS, max_size=12),
    st.text(min_size=1, max_size=60),
)
def test_every_edited_spline_the_app_saves_it_loads_exactly(tmp_path_factory, points, edits, name):
    """What the app saves, it loads: random edits of every kind (inserts beside knots too) on
    random splines, under any name (tabs, new lines, too long: made to fit), saved through the
    presets file and read back by a new one: the same splines exactly, nothing skipped."""
    try:
        spline = Spline(points)
    except ValueError:
        return
    made = []
    for edit in edits:
        spline = spline.copy()
        _edited(spline, edit)
        made.append(spline)
    taken = {preset.name for preset in presets.TRAJECTORIES}
    trajectories = list(presets.TRAJECTORIES)
    for edited in made[-3:] or [spline]:
        title = user_presets.fitting_name(name, taken)
        taken.add(title)
        trajectories.append(presets.TrajectoryPreset(title, "knots", spline=edited))
    path = tmp_path_factory.mktemp("presets") / "presets.json"
    PresetsFile(path).save(trajectories, presets.VELOCITIES, presets.TRAJECTORIES, presets.VELOCITIES)
    presets_file, loaded, _ = load(path)
    assert presets_file.problem is None
    assert loaded[len(presets.TRAJECTORIES) :] == trajectories[len(presets.TRAJECTORIES) :]


@pytest.mark.parametrize("how", ["--presets", "--open"])
def test_a_spline_of_thousands_of_knots_opens_at_start(tmp_path, how):
    """A 4100-knot preset (a 172 kB file) and a 5000-knot spline file once crashed every start
    (the segment tables kept between edits evicted the ones just made)."""
    rng = np.random.default_rng(4100)
    spline = Spline(np.cumsum(rng.normal(size=(4100 if how == "--presets" else 5000, 3)), axis=0))
    if how == "--presets":
        path = tmp_path / "presets.json"
        PresetsFile(path).save(
            [*presets.TRAJECTORIES, presets.TrajectoryPreset("long", "knots", spline=spline)],
            presets.VELOCITIES,
            presets.TRAJECTORIES,
            presets.VELOCITIES,
        )
        options = ("--presets", str(path))
    else:
        path = tmp_path / "long.json"
        path.write_text(json.dumps(spline_data(spline, "long")))
        options = ("--presets", str(tmp_path / "none.json"), "--open", str(path))
    result = run_main("--offscreen", "--frames", "2", *options)
    assert result.returncode == 0 and result.stderr == "", result.stderr
