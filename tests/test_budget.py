from tests import budget


def test_ci_runs_a_share_of_the_random_cases_and_full_runs_all(monkeypatch):
    monkeypatch.setattr(budget, "FULL", False)
    assert [budget.scaled(n) for n in (5, 10, 40, 400)] == [5, 10, 10, 100]
    assert budget.scaled(150, floor=40) == 40 and budget.cases(1, 2, 3) == [1]
    monkeypatch.setattr(budget, "FULL", True)
    assert [budget.scaled(n) for n in (5, 40, 400)] == [5, 40, 400] and budget.cases(1, 2, 3) == [1, 2, 3]
