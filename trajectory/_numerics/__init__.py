"""The numeric floor under both libraries: input checks, angles, piecewise polynomials and their
inverse fits, root brackets, vector helpers and finite differences. Private: it imports nothing
above it, and its one public class, ``PiecewisePolynomial``, is re-exported by ``trajectory``."""
