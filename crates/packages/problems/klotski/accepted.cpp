// Klotski under the `move` metric: an accepted submission of `gridsolve package`,
// written apart from gridsolve's solver from the statement. BFS over positions; a
// position is every piece's place (the top-left cell of its bounding box), the places of
// the pieces of one shape sorted, since such pieces are interchangeable. A move takes one
// piece anywhere a BFS of its places through empty cells reaches.
#include <algorithm>
#include <cstdint>
#include <iostream>
#include <map>
#include <string>
#include <unordered_set>
#include <vector>

int rows, cols;

struct Shape {
    std::vector<std::pair<int, int>> cells;  // offsets from the bounding box's corner
    int height = 0, width = 0;
    std::vector<uint64_t> mask;  // by place r * cols + c; 0 where it does not fit
};

int main() {
    std::cin >> rows >> cols;
    std::vector<std::string> board(rows);
    for (auto& row : board) std::cin >> row;
    std::string word, goal_label;
    int goal_row, goal_col;
    std::cin >> word >> goal_label >> goal_row >> goal_col;
    std::map<char, std::vector<std::pair<int, int>>> labelled;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            if (board[r][c] != '.') labelled[board[r][c]].push_back({r, c});
    std::vector<Shape> shapes;
    std::vector<int> shape_of, place_of;  // by piece
    int goal_shape = -1;
    for (auto& [label, cells] : labelled) {
        int top = rows, left = cols, bottom = 0, right = 0;
        for (auto [r, c] : cells) {
            top = std::min(top, r), left = std::min(left, c);
            bottom = std::max(bottom, r), right = std::max(right, c);
        }
        Shape shape;
        for (auto [r, c] : cells) shape.cells.push_back({r - top, c - left});
        std::sort(shape.cells.begin(), shape.cells.end());
        shape.height = bottom - top + 1, shape.width = right - left + 1;
        int index = 0;
        while (index < (int)shapes.size() && shapes[index].cells != shape.cells) index++;
        if (index == (int)shapes.size()) shapes.push_back(shape);
        if (std::string(1, label) == goal_label) goal_shape = index;
        shape_of.push_back(index);
        place_of.push_back(top * cols + left);
    }
    for (auto& shape : shapes) {
        shape.mask.assign(rows * cols, 0);
        for (int r = 0; r + shape.height <= rows; r++)
            for (int c = 0; c + shape.width <= cols; c++)
                for (auto [dr, dc] : shape.cells)
                    shape.mask[r * cols + c] |= uint64_t(1) << ((r + dr) * cols + c + dc);
    }
    // Pieces in order of shape, so a position is the places of each shape's run, sorted.
    int pieces = shape_of.size();
    std::vector<int> order(pieces);
    for (int i = 0; i < pieces; i++) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return shape_of[a] < shape_of[b]; });
    std::vector<int> shape_at(pieces);
    std::string start(pieces, 0);
    for (int i = 0; i < pieces; i++) {
        shape_at[i] = shape_of[order[i]];
        start[i] = place_of[order[i]];
    }
    auto canonical = [&](std::string& position) {
        for (int i = 0, j; i < pieces; i = j) {
            for (j = i; j < pieces && shape_at[j] == shape_at[i]; j++) {}
            std::sort(position.begin() + i, position.begin() + j);
        }
    };
    canonical(start);
    const int goal = (goal_row - 1) * cols + goal_col - 1;
    auto solved = [&](const std::string& position) {
        for (int i = 0; i < pieces; i++)
            if (shape_at[i] == goal_shape && position[i] == goal) return true;
        return false;
    };
    if (solved(start)) {
        std::cout << 0 << "\n";
        return 0;
    }
    std::unordered_set<std::string> seen{start};
    std::vector<std::string> layer{start}, next;
    std::vector<int> places;
    std::vector<char> reached(rows * cols);
    for (int moves = 0; !layer.empty(); moves++) {
        next.clear();
        for (const auto& position : layer) {
            uint64_t all = 0;
            for (int i = 0; i < pieces; i++) all |= shapes[shape_at[i]].mask[position[i]];
            for (int i = 0; i < pieces; i++) {
                const Shape& shape = shapes[shape_at[i]];
                uint64_t others = all & ~shape.mask[position[i]];
                std::fill(reached.begin(), reached.end(), 0);
                places.assign(1, position[i]);
                reached[position[i]] = 1;
                for (size_t head = 0; head < places.size(); head++) {
                    int r = places[head] / cols, c = places[head] % cols;
                    const int steps[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
                    for (auto [dr, dc] : steps) {
                        int nr = r + dr, nc = c + dc;
                        if (nr < 0 || nc < 0 || nr + shape.height > rows || nc + shape.width > cols) continue;
                        int place = nr * cols + nc;
                        if (reached[place] || (shape.mask[place] & others)) continue;
                        reached[place] = 1;
                        places.push_back(place);
                        std::string moved = position;
                        moved[i] = place;
                        canonical(moved);
                        if (!seen.insert(moved).second) continue;
                        if (solved(moved)) {
                            std::cout << moves + 1 << "\n";
                            return 0;
                        }
                        next.push_back(moved);
                    }
                }
            }
        }
        layer.swap(next);
    }
    std::cout << -1 << "\n";
}
