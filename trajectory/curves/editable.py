"""A curve that can be edited: at any moment it is the immutable curve it holds, its
``geometry``, replaced by each edit. The ``Curve`` interface and the tables are that curve's, so
no table made before an edit is used after it."""

from trajectory.curves.curve import Curve


class EditableCurve(Curve):
    """A ``Curve`` passing everything to its ``geometry`` (a subclass gives that property)."""

    def evaluate(self, u):
        return self.geometry.evaluate(u)

    def derivative(self, u):
        return self.geometry.derivative(u)

    def second_derivative(self, u):
        return self.geometry.second_derivative(u)

    def point_and_tangent(self, u):
        return self.geometry.point_and_tangent(u)

    def point_tangent_and_bending(self, u):
        return self.geometry.point_tangent_and_bending(u)

    @property
    def breakpoints(self):
        return self.geometry.breakpoints

    @property
    def arc_length(self):
        return self.geometry.arc_length

    @property
    def closed(self):
        return self.geometry.closed
