// The sliding-tile puzzle (`fifteen`): an accepted submission of `gridsolve package`,
// written apart from gridsolve's solver from the statement. The parity rule says
// whether the goal is reachable (on a board one cell wide, whether the tiles read in the
// same order); IDA* with the Manhattan distance finds the fewest moves.
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

int rows, cols, n;
std::vector<int> board, goal_row, goal_col;
long long bound_next;

// Manhattan distance of tile t at cell i.
int distance(int t, int i) {
    return std::abs(i / cols - goal_row[t]) + std::abs(i % cols - goal_col[t]);
}

// Depth-first search within `bound`: true when the goal is found.
bool search(int blank, int g, int h, int bound, int came) {
    if (g + h > bound) {
        if (g + h < bound_next) bound_next = g + h;
        return false;
    }
    if (h == 0) return true;
    const int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
    int r = blank / cols, c = blank % cols;
    for (int d = 0; d < 4; d++) {
        if (came >= 0 && (d ^ 1) == came) continue;  // never undo the last move
        int nr = r + dr[d], nc = c + dc[d];
        if (nr < 0 || nr >= rows || nc < 0 || nc >= cols) continue;
        int to = nr * cols + nc, t = board[to];
        int nh = h - distance(t, to) + distance(t, blank);
        board[blank] = t;
        board[to] = 0;
        bool found = search(to, g + 1, nh, bound, d);
        board[to] = t;
        board[blank] = 0;
        if (found) return true;
    }
    return false;
}

int inversions_parity(const std::vector<int>& order) {
    int parity = 0;
    for (size_t i = 0; i < order.size(); i++)
        for (size_t j = i + 1; j < order.size(); j++) parity ^= order[i] > order[j];
    return parity;
}

int main() {
    std::vector<std::string> tokens;
    std::string token;
    while (std::cin >> token) tokens.push_back(token);
    size_t at = 0;
    while (at < tokens.size()) {
        rows = std::stoi(tokens[at]);
        cols = std::stoi(tokens[at + 1]);
        n = rows * cols;
        at += 2;
        std::vector<int> start(n), goal(n);
        for (int i = 0; i < n; i++) start[i] = std::stoi(tokens[at + i]);
        at += n;
        if (at < tokens.size() && tokens[at] == "goal") {
            for (int i = 0; i < n; i++) goal[i] = std::stoi(tokens[at + 1 + i]);
            at += 1 + n;
        } else {
            for (int i = 0; i < n; i++) goal[i] = (i + 1) % n;
        }
        goal_row.assign(n, 0);
        goal_col.assign(n, 0);
        std::vector<int> place(n);
        for (int i = 0; i < n; i++) {
            goal_row[goal[i]] = i / cols;
            goal_col[goal[i]] = i % cols;
            place[goal[i]] = i;
        }
        int blank = 0, goal_blank = 0;
        std::vector<int> order, goal_order;  // the tiles, the blank left out
        for (int i = 0; i < n; i++) {
            if (start[i] == 0) blank = i; else order.push_back(start[i]);
            if (goal[i] == 0) goal_blank = i; else goal_order.push_back(goal[i]);
        }
        if (rows == 1 || cols == 1) {
            std::cout << (order == goal_order ? std::abs(blank - goal_blank) : -1) << "\n";
            continue;
        }
        // The start's tiles by their places in the goal: its parity is the parity
        // difference of start and goal.
        std::vector<int> by_goal;
        for (int t : order) by_goal.push_back(place[t]);
        int parity = inversions_parity(by_goal);
        if (cols % 2 == 0) parity ^= std::abs(blank / cols - goal_blank / cols) & 1;
        if (parity) {
            std::cout << -1 << "\n";
            continue;
        }
        board = start;
        int h = 0;
        for (int i = 0; i < n; i++)
            if (board[i]) h += distance(board[i], i);
        int bound = h;
        while (true) {
            bound_next = 1LL << 40;
            if (search(blank, 0, h, bound, -1)) break;
            bound = bound_next;
        }
        std::cout << bound << "\n";
    }
}
