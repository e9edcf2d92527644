"""The test command's clean-up (tests/images.py) decides, without an engine, which images are its
own to remove, children first, and which it leaves: someone's image built FROM one of ours carries
our labels, but not our tags nor our layers alone. (tests/integration/test_clean_images.py runs it
on a real engine.)"""

from __future__ import annotations

from tests.images import Image, plan

LABELS = {"io.envforge.role": "cell-image", "io.envforge.cell": "tf-cpu-tf2.21.0-py3.11",
          "io.envforge.content-hash": "5204efd3ca5815f3" + "0" * 48}  # fmt: skip
CELL = Image(
    "sha256:cell", ("envforge/tf-cpu-tf2.21.0-py3.11:5204efd3ca5815f3",), ("a", "b"), LABELS
)


def test_our_images_go_children_first_and_someone_elses_children_stay() -> None:
    pushed = Image(
        "sha256:pushed",
        ("127.0.0.1:5055/tf-cpu-tf2.21.0-py3.11:5204efd3ca5815f3",),
        ("a", "b"),
        LABELS,
    )
    shim = Image("sha256:shim", ("envforge-verify/shim:run1",), ("a", "b", "probe"), LABELS)
    theirs = Image("sha256:theirs", ("team/app:1",), ("a", "b", "app"), LABELS)
    untagged_child = Image("sha256:untagged", (), ("a", "b", "more"), LABELS)
    stale = Image("sha256:stale", (), ("x", "y"), LABELS)  # an earlier build of ours, its tag moved
    claimed = Image("sha256:claimed", (*CELL.tags, "team/tf:good"), ("a", "b"), LABELS)
    remove, left = plan([CELL, pushed, shim, theirs, untagged_child, stale, claimed])
    assert [i.id for i in remove][0] == "sha256:shim"  # the child before its parent
    assert {i.id for i in remove} == {"sha256:cell", "sha256:pushed", "sha256:shim", "sha256:stale"}
    assert {i.id: why.split(":")[0] for i, why in left} == {
        "sha256:theirs": "someone else's",
        "sha256:untagged": "someone else's",
        "sha256:claimed": "someone else's",
    }


def test_a_tag_is_ours_only_in_our_namespaces_or_as_the_push_tag_of_the_cell() -> None:
    verified = Image(  # verify --backend slurm pushes an image under its own id
        "sha256:97a7fba49851e5d5" + "0" * 48,
        ("127.0.0.1:45503/tf-cpu-tf2.21.0-py3.11:97a7fba49851e5d5",),
        (),
        LABELS,
    )
    assert plan([verified])[0] == [verified]
    wrong_hash = Image(
        "sha256:1", ("reg:5000/tf-cpu-tf2.21.0-py3.11:ffffffffffffffff",), (), LABELS
    )
    wrong_cell = Image("sha256:2", ("reg:5000/other:5204efd3ca5815f3",), (), LABELS)
    test_image = Image("sha256:3", ("envforge-test/python:3.11-test-1",), (), {})
    remove, left = plan([wrong_hash, wrong_cell, test_image])
    assert [i.id for i in remove] == ["sha256:3"] and len(left) == 2


def test_strict_removes_what_a_session_labelled_whatever_its_tags_and_children() -> None:
    """A test session's own images: the local registry's tag, an untagged verify shim on top."""
    session = {"io.envforge.test-session": "test-1"}
    tagged = Image("sha256:base", ("envforge-test/python:1", "127.0.0.1:5000/gate/python:1"),
                   ("a",), session)  # fmt: skip
    shim = Image("sha256:shim", (), ("a", "probe"), session)
    assert plan([tagged, shim])[0] == []  # not strict: a foreign tag and an untagged child stay
    remove, left = plan([tagged, shim], strict=True)
    assert [i.id for i in remove] == ["sha256:shim", "sha256:base"] and left == []
